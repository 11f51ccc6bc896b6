/*
 * The GTK 4 list peer of RenderBench (BENCHMARKS.md, "Scrolling and lists"): a GtkListView of N rows
 * ("Row 1" … "Row N", one GtkLabel each, 44 px high, 16 px in from the left, 17 px DejaVu Sans)
 * in a GtkScrolledWindow filling an undecorated 390×844 window, drawn with GTK's Cairo renderer and
 * scrolled frame by frame on request, so that RenderBench can interleave its SceneCore table's
 * frames with these in one run. GtkListView, like TableView, keeps widgets only for the rows in view
 * and recycles them as rows come and go.
 *
 * Built and run by RenderBench (never in CI):
 *   gcc -O2 -Wall -o list_peer list_peer.c $(pkg-config --cflags --libs gtk4)
 *   GSK_RENDERER=cairo GTK_A11Y=none xvfb-run -a -s "-screen 0 1024x1024x24" ./list_peer N
 *
 * Protocol: one command per line on stdin, one answer line on stdout.
 *   scroll Y DY F  F frames: frame i (1…F) sets the vertical adjustment to Y + i·DY, lays the list
 *                  out again (gtk_widget_allocate of the scrolled window at its size: the rows that
 *                  came into view are bound to recycled widgets), builds the node tree
 *                  (gtk_widget_snapshot_child of the scrolled window) and draws it with
 *                  gsk_renderer_render_texture at the window's size. Answers
 *                  "scroll <cpu ns per frame> <layout ns> <build ns> <render ns> <row widgets> <first row>"
 *                  (the row widgets alive and the first row in view after the last frame).
 *   save FILE      writes one frame as PNG (to look at). Answers "saved FILE".
 *   quit
 * Times are CLOCK_THREAD_CPUTIME_ID (GTK's layout, snapshot and Cairo renderer run on the calling
 * thread).
 */
#define PEER_NAME "list_peer"
#include "peer_common.h"
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WIDTH = 390, HEIGHT = 844, ROW_HEIGHT = 44 };

static GtkWidget *window;
static GtkWidget *scrolled;
static GtkWidget *list;

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_single_line_mode(GTK_LABEL(label), TRUE);
  gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class(label, "row");
  gtk_list_item_set_child(item, label);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  GtkWidget *label = gtk_list_item_get_child(item);
  GtkStringObject *row = gtk_list_item_get_item(item);
  gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(row));
}

/* The row widgets the list holds now, and the row (by its text) at the top of the view. */
static int row_widgets(int *firstRow) {
  int count = 0;
  *firstRow = -1;
  for (GtkWidget *child = gtk_widget_get_first_child(list); child; child = gtk_widget_get_next_sibling(child)) {
    count++;
    graphene_rect_t bounds;
    GtkWidget *label = gtk_widget_get_first_child(child);
    if (!label || !GTK_IS_LABEL(label) || !gtk_widget_get_child_visible(child) || !gtk_widget_get_mapped(child) ||
        !gtk_widget_compute_bounds(child, scrolled, &bounds))
      continue;
    /* In the scrolled window's coordinates: the top row covers y = 0. */
    if (bounds.origin.y <= 0 && bounds.origin.y + bounds.size.height > 0) {
      const char *text = gtk_label_get_text(GTK_LABEL(label));
      if (text && strncmp(text, "Row ", 4) == 0) *firstRow = atoi(text + 4);
    }
  }
  return count;
}

/* One frame at vertical offset `y`; returns the texture (caller unrefs) and adds the times. */
static GdkTexture *frame_at(double y, guint64 *layout, guint64 *build, guint64 *render) {
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));
  guint64 t0 = cpu_ns();
  gtk_adjustment_set_value(adjustment, y);
  gtk_widget_allocate(scrolled, WIDTH, HEIGHT, -1, NULL);
  guint64 t1 = cpu_ns();
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gtk_widget_snapshot_child(window, scrolled, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  guint64 t2 = cpu_ns();
  GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
  graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, WIDTH, HEIGHT);
  GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
  guint64 t3 = cpu_ns();
  *layout += t1 - t0;
  *build += t2 - t1;
  *render += t3 - t2;
  gsk_render_node_unref(node);
  return texture;
}

int main(int argc, char **argv) {
  if (argc != 2) die("usage: list_peer ROWS", NULL);
  const char *renderer = g_getenv("GSK_RENDERER");
  if (!renderer || strcmp(renderer, "cairo") != 0) die("run with GSK_RENDERER=cairo", NULL);
  int rows = atoi(argv[1]);
  if (rows <= 0) die("the row count must be a positive number", argv[1]);
  gtk_init();

  GtkCssProvider *provider = gtk_css_provider_new();
  const char *css = "* { font-family: \"DejaVu Sans\"; }\n"
                    "window, scrolledwindow, listview { background: white; }\n"
                    "listview > row { padding: 0; min-height: 0; border-bottom: 1px solid rgba(198,198,200,1); }\n"
                    ".row { min-height: 43px; padding-left: 16px; padding-right: 16px; font-size: 17px; color: black; }\n";
  gtk_css_provider_load_from_data(provider, css, -1);
  gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                             GTK_STYLE_PROVIDER_PRIORITY_USER);

  GtkStringList *strings = gtk_string_list_new(NULL);
  char text[32];
  for (int i = 1; i <= rows; i++) {
    snprintf(text, sizeof text, "Row %d", i);
    gtk_string_list_append(strings, text);
  }
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
  list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(strings))), factory);
  scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_kinetic_scrolling(GTK_SCROLLED_WINDOW(scrolled), FALSE);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);

  window = gtk_window_new();
  gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
  gtk_window_set_default_size(GTK_WINDOW(window), WIDTH, HEIGHT);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  present_and_settle(window, scrolled, WIDTH, HEIGHT);
  GskRenderer *gsk = gtk_native_get_renderer(GTK_NATIVE(window));
  int first;
  int widgets = row_widgets(&first);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));
  printf("ready %d rows, %d row widgets, renderer %s, content height %.0f\n", rows, widgets, G_OBJECT_TYPE_NAME(gsk),
         gtk_adjustment_get_upper(adjustment));
  fflush(stdout);

  char line[1024];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    if (strncmp(line, "scroll ", 7) == 0) {
      double y, dy;
      int n;
      if (sscanf(line + 7, "%lf %lf %d", &y, &dy, &n) != 3 || n <= 0) die("bad scroll command", line);
      guint64 layout = 0, build = 0, render = 0;
      for (int i = 1; i <= n; i++) {
        GdkTexture *texture = frame_at(y + i * dy, &layout, &build, &render);
        g_object_unref(texture);
      }
      widgets = row_widgets(&first);
      printf("scroll %.0f %.0f %.0f %.0f %d %d\n", (double)(layout + build + render) / n, (double)layout / n, (double)build / n,
             (double)render / n, widgets, first);
    } else if (strncmp(line, "save ", 5) == 0) {
      guint64 layout = 0, build = 0, render = 0;
      GdkTexture *texture = frame_at(gtk_adjustment_get_value(adjustment), &layout, &build, &render);
      if (!gdk_texture_save_to_png(texture, line + 5)) die("cannot save", line + 5);
      g_object_unref(texture);
      printf("saved %s\n", line + 5);
    } else if (strcmp(line, "quit") == 0) {
      break;
    } else {
      printf("error unknown command: %s\n", line);
    }
    fflush(stdout);
  }
  return 0;
}
