/*
 * What RenderBench's two GTK 4 peers (render_peer.c, list_peer.c) share: thread CPU time, a fatal
 * message, and waiting for the window to be shown. Each peer defines PEER_NAME before including it.
 */
#ifndef PEER_COMMON_H
#define PEER_COMMON_H

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static guint64 cpu_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (guint64)t.tv_sec * 1000000000ull + (guint64)t.tv_nsec;
}

static void die(const char *message, const char *detail) {
  fprintf(stderr, PEER_NAME ": %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
  exit(1);
}

/* Presents `window` and runs GTK's loop until `watched` is mapped and at least `width` × `height`
 * (10 s at most), then half a second more so that the first frames settle (untimed). */
static void present_and_settle(GtkWidget *window, GtkWidget *watched, int width, int height) {
  gtk_window_present(GTK_WINDOW(window));
  gint64 deadline = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;
  while (!(gtk_widget_get_mapped(watched) && gtk_widget_get_width(watched) >= width && gtk_widget_get_height(watched) >= height)) {
    g_main_context_iteration(NULL, TRUE);
    if (g_get_monotonic_time() > deadline) die("the window was not mapped within 10 s", NULL);
  }
  gint64 settle = g_get_monotonic_time() + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time() < settle) g_main_context_iteration(NULL, FALSE);
}

#endif
