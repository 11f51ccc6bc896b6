/*
 * The GTK 4 peer of RenderBench (BENCHMARKS.md, "Rendering"): draws the tree RenderBench exports
 * (Benchmarks/Config/realistic-tree.txt) as GTK widgets with GTK's Cairo renderer, and encodes
 * images to PNG with gdk_texture_save_to_png_bytes, timing each on request so that RenderBench can
 * interleave its own trials with these in one run.
 *
 * Built and run by RenderBench (never in CI):
 *   gcc -O2 -Wall -o render_peer render_peer.c $(pkg-config --cflags --libs gtk4)
 *   GSK_RENDERER=cairo GTK_A11Y=none xvfb-run -a -s "-screen 0 1024x1024x24" ./render_peer TREE
 *
 * The widget tree (one widget per view of the tree file, the same geometry):
 *   - a view with subviews: GtkFixed (overflow hidden where the view clips its subviews);
 *   - a view without subviews: an empty GtkFixed;
 *   - a label: GtkLabel with the text, one line, ellipsized at the end, its font size and colour;
 *   - a button: GtkButton whose child is a GtkFixed holding its title (a GtkLabel) and its subviews;
 *   - a background colour: a CSS class with `background: <colour>` on the widget; a corner radius:
 *     `border-radius`.
 * Each widget gets gtk_widget_set_size_request(width, height) and is placed with
 * gtk_fixed_put(parent, x - parent.boundsX, y - parent.boundsY) (bounds origins scroll).
 *
 * Protocol: one command per line on stdin, one answer line on stdout.
 *   full N         N full frames: every widget's render node invalidated (gtk_widget_queue_draw,
 *                  untimed), then the node tree built (gtk_widget_snapshot_child of the root) and
 *                  drawn with gsk_renderer_render_texture at the root's size. Answers
 *                  "full <cpu ns per frame> <build ns> <render ns> <nodes>".
 *   png FILE W H N gdk_texture_save_to_png_bytes of the W×H premultiplied ARGB32 (native order)
 *                  pixels in FILE, N times. Answers "png <cpu ns per encoding> <bytes>".
 *   save FILE      writes one full frame as PNG (to look at). Answers "saved FILE".
 *   quit
 * Times are CLOCK_THREAD_CPUTIME_ID (GTK's Cairo renderer and PNG writer run on the calling thread).
 */
#define PEER_NAME "render_peer"
#include "peer_common.h"
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  int parent;
  double x, y, width, height, boundsX, boundsY;
  int hidden;
  double alpha;
  int clips;
  char kind[16];
  char background[16];
  char textColor[16];
  double fontSize;
  double cornerRadius;
  char text[128];
  int childCount;
  GtkWidget *widget;    /* the widget placed in the parent */
  GtkWidget *container; /* where subviews go */
} Node;

static Node *nodes;
static int nodeCount;
static GtkWidget *window;
static GtkWidget *rootWidget;

/* "RRGGBBAA" to CSS rgba(); false for "-". */
static gboolean css_color(const char *hex, char *out, size_t size) {
  if (strcmp(hex, "-") == 0) return FALSE;
  unsigned r, g, b, a;
  if (sscanf(hex, "%2x%2x%2x%2x", &r, &g, &b, &a) != 4) die("bad colour", hex);
  snprintf(out, size, "rgba(%u,%u,%u,%.4f)", r, g, b, a / 255.0);
  return TRUE;
}

static void read_tree(const char *path) {
  FILE *file = fopen(path, "r");
  if (!file) die("cannot open the tree file", path);
  char line[512];
  int capacity = 1024;
  nodes = calloc(capacity, sizeof(Node));
  while (fgets(line, sizeof line, file)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    line[strcspn(line, "\n")] = 0;
    if (nodeCount == capacity) {
      capacity *= 2;
      nodes = realloc(nodes, capacity * sizeof(Node));
    }
    Node *n = &nodes[nodeCount];
    memset(n, 0, sizeof *n);
    /* index parent x y w h bx by hidden alpha clips kind background textColor fontSize radius text */
    char *fields[17];
    int count = 0;
    char *cursor = line;
    while (count < 17) {
      fields[count++] = cursor;
      char *tab = strchr(cursor, '\t');
      if (!tab) break;
      *tab = 0;
      cursor = tab + 1;
    }
    if (count < 16) die("short line in the tree file", line);
    n->parent = atoi(fields[1]);
    n->x = atof(fields[2]); n->y = atof(fields[3]);
    n->width = atof(fields[4]); n->height = atof(fields[5]);
    n->boundsX = atof(fields[6]); n->boundsY = atof(fields[7]);
    n->hidden = atoi(fields[8]);
    n->alpha = atof(fields[9]);
    n->clips = atoi(fields[10]);
    g_strlcpy(n->kind, fields[11], sizeof n->kind);
    g_strlcpy(n->background, fields[12], sizeof n->background);
    g_strlcpy(n->textColor, fields[13], sizeof n->textColor);
    n->fontSize = atof(fields[14]);
    n->cornerRadius = atof(fields[15]);
    if (count == 17) g_strlcpy(n->text, fields[16], sizeof n->text);
    if (n->parent >= 0) nodes[n->parent].childCount++;
    nodeCount++;
  }
  fclose(file);
  if (nodeCount == 0) die("empty tree file", path);
}

static void build_widgets(void) {
  GString *css = g_string_new("* { font-family: \"DejaVu Sans\"; }\n");
  for (int i = 0; i < nodeCount; i++) {
    Node *n = &nodes[i];
    char color[64];
    GtkWidget *widget;
    if (strcmp(n->kind, "label") == 0) {
      widget = gtk_label_new(n->text);
      gtk_label_set_ellipsize(GTK_LABEL(widget), PANGO_ELLIPSIZE_END);
      gtk_label_set_single_line_mode(GTK_LABEL(widget), TRUE);
      gtk_label_set_xalign(GTK_LABEL(widget), 0);
      n->container = NULL;
    } else if (strcmp(n->kind, "button") == 0) {
      widget = gtk_button_new();
      GtkWidget *inside = gtk_fixed_new();
      gtk_button_set_child(GTK_BUTTON(widget), inside);
      if (n->text[0]) {
        GtkWidget *title = gtk_label_new(n->text);
        gtk_widget_set_size_request(title, (int)n->width, (int)n->height);
        char name[32];
        snprintf(name, sizeof name, "t%d", i);
        gtk_widget_add_css_class(title, name);
        char textColor[64];
        if (css_color(n->textColor, textColor, sizeof textColor))
          g_string_append_printf(css, ".%s { color: %s; font-size: %gpx; }\n", name, textColor, n->fontSize);
        gtk_fixed_put(GTK_FIXED(inside), title, 0, 0);
      }
      n->container = inside;
    } else {
      widget = gtk_fixed_new();
      n->container = widget;
    }
    gtk_widget_set_size_request(widget, (int)(n->width + 0.5), (int)(n->height + 0.5));
    char name[32];
    snprintf(name, sizeof name, "n%d", i);
    gtk_widget_add_css_class(widget, name);
    g_string_append_printf(css, ".%s {", name);
    if (css_color(n->background, color, sizeof color)) g_string_append_printf(css, " background: %s;", color);
    if (strcmp(n->kind, "label") == 0) {
      char textColor[64];
      if (css_color(n->textColor, textColor, sizeof textColor)) g_string_append_printf(css, " color: %s;", textColor);
      g_string_append_printf(css, " font-size: %gpx;", n->fontSize);
    }
    if (strcmp(n->kind, "button") == 0) g_string_append(css, " padding: 0; min-height: 0; min-width: 0;");
    if (n->cornerRadius > 0) g_string_append_printf(css, " border-radius: %gpx;", n->cornerRadius);
    g_string_append(css, " }\n");
    if (n->clips) gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
    if (n->hidden) gtk_widget_set_visible(widget, FALSE);
    if (n->alpha < 1) gtk_widget_set_opacity(widget, n->alpha);
    n->widget = widget;
    if (n->parent < 0) {
      rootWidget = widget;
    } else {
      Node *p = &nodes[n->parent];
      if (!p->container) die("a label has subviews", n->text);
      gtk_fixed_put(GTK_FIXED(p->container), widget, n->x - p->boundsX, n->y - p->boundsY);
    }
  }
  GtkCssProvider *provider = gtk_css_provider_new();
  gtk_css_provider_load_from_data(provider, css->str, (gssize)css->len);
  gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                             GTK_STYLE_PROVIDER_PRIORITY_USER);
  g_string_free(css, TRUE);
}

static int count_nodes(GskRenderNode *node) {
  if (!node) return 0;
  int total = 1;
  switch (gsk_render_node_get_node_type(node)) {
  case GSK_CONTAINER_NODE:
    for (guint i = 0; i < gsk_container_node_get_n_children(node); i++)
      total += count_nodes(gsk_container_node_get_child(node, i));
    break;
  case GSK_TRANSFORM_NODE: total += count_nodes(gsk_transform_node_get_child(node)); break;
  case GSK_CLIP_NODE: total += count_nodes(gsk_clip_node_get_child(node)); break;
  case GSK_ROUNDED_CLIP_NODE: total += count_nodes(gsk_rounded_clip_node_get_child(node)); break;
  case GSK_OPACITY_NODE: total += count_nodes(gsk_opacity_node_get_child(node)); break;
  case GSK_SHADOW_NODE: total += count_nodes(gsk_shadow_node_get_child(node)); break;
  case GSK_DEBUG_NODE: total += count_nodes(gsk_debug_node_get_child(node)); break;
  case GSK_COLOR_MATRIX_NODE: total += count_nodes(gsk_color_matrix_node_get_child(node)); break;
  default: break;
  }
  return total;
}

static void invalidate_all(void) {
  for (int i = 0; i < nodeCount; i++) gtk_widget_queue_draw(nodes[i].widget);
}

/* One full frame; returns the texture (caller unrefs) and adds the times. */
static GdkTexture *full_frame(guint64 *build, guint64 *render, int *nodeTotal) {
  invalidate_all();
  guint64 t0 = cpu_ns();
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gtk_widget_snapshot_child(window, rootWidget, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  guint64 t1 = cpu_ns();
  GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
  graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, (float)nodes[0].width, (float)nodes[0].height);
  GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
  guint64 t2 = cpu_ns();
  *build += t1 - t0;
  *render += t2 - t1;
  if (nodeTotal) *nodeTotal = count_nodes(node);
  gsk_render_node_unref(node);
  return texture;
}

int main(int argc, char **argv) {
  if (argc != 2) die("usage: render_peer TREE", NULL);
  const char *renderer = g_getenv("GSK_RENDERER");
  if (!renderer || strcmp(renderer, "cairo") != 0) die("run with GSK_RENDERER=cairo", NULL);
  read_tree(argv[1]);
  gtk_init();
  window = gtk_window_new();
  gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
  gtk_window_set_default_size(GTK_WINDOW(window), (int)nodes[0].width, (int)nodes[0].height);
  build_widgets();
  gtk_window_set_child(GTK_WINDOW(window), rootWidget);
  present_and_settle(window, rootWidget, (int)nodes[0].width, 0);
  GskRenderer *gsk = gtk_native_get_renderer(GTK_NATIVE(window));
  printf("ready %d widgets, renderer %s, root %dx%d\n", nodeCount, G_OBJECT_TYPE_NAME(gsk),
         gtk_widget_get_width(rootWidget), gtk_widget_get_height(rootWidget));
  fflush(stdout);

  char line[1024];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    if (strncmp(line, "full ", 5) == 0) {
      int n = atoi(line + 5);
      guint64 build = 0, render = 0;
      int total = 0;
      for (int i = 0; i < n; i++) {
        GdkTexture *texture = full_frame(&build, &render, i == 0 ? &total : NULL);
        g_object_unref(texture);
      }
      /* Per frame, without the invalidation and the node count (both outside the timed parts). */
      printf("full %.0f %.0f %.0f %d\n", (double)(build + render) / n, (double)build / n, (double)render / n, total);
    } else if (strncmp(line, "png ", 4) == 0) {
      char path[512];
      int width, height, n;
      if (sscanf(line + 4, "%511s %d %d %d", path, &width, &height, &n) != 4) die("bad png command", line);
      gsize length;
      gchar *data;
      GError *error = NULL;
      if (!g_file_get_contents(path, &data, &length, &error)) die("cannot read pixels", path);
      if (length != (gsize)width * height * 4) die("pixel file size is not W*H*4", path);
      GBytes *bytes = g_bytes_new_take(data, length);
      GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes, (gsize)width * 4);
      gsize size = 0;
      guint64 t0 = cpu_ns();
      for (int i = 0; i < n; i++) {
        GBytes *png = gdk_texture_save_to_png_bytes(texture);
        size = g_bytes_get_size(png);
        g_bytes_unref(png);
      }
      guint64 t1 = cpu_ns();
      printf("png %.0f %zu\n", (double)(t1 - t0) / n, (size_t)size);
      g_object_unref(texture);
      g_bytes_unref(bytes);
    } else if (strncmp(line, "save ", 5) == 0) {
      guint64 build = 0, render = 0;
      GdkTexture *texture = full_frame(&build, &render, NULL);
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
