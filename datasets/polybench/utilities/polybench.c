/*
 * polybench.c -- run-time support for polyrl's PolyBench-style kernels:
 * aligned zeroed allocation, cache flushing and a wall-clock timer.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "polybench.h"

#ifndef POLYBENCH_CACHE_SIZE_KB
# define POLYBENCH_CACHE_SIZE_KB 32768
#endif

#define POLYBENCH_ALIGNMENT 64

double polybench_program_elapsed_time = 0.0;

static struct timespec polybench_t_start;
static struct timespec polybench_t_end;

void *polybench_alloc_data(unsigned long long n, int elt_size)
{
  size_t bytes = (size_t)n * (size_t)elt_size;
  void *p = NULL;

  if (bytes == 0)
    bytes = 1;
  if (posix_memalign(&p, POLYBENCH_ALIGNMENT, bytes) != 0 || p == NULL) {
    fprintf(stderr, "[polybench] cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  memset(p, 0, bytes);
  return p;
}

void polybench_flush_cache(void)
{
  size_t n = (size_t)POLYBENCH_CACHE_SIZE_KB * 1024 / sizeof(double);
  double *buf = (double *)calloc(n, sizeof(double));
  volatile double sink = 0.0;
  size_t i;

  if (buf == NULL)
    return;
  for (i = 0; i < n; i++)
    sink += buf[i];
  free(buf);
  (void)sink;
}

static double polybench_seconds(const struct timespec *t)
{
  return (double)t->tv_sec + (double)t->tv_nsec * 1e-9;
}

void polybench_timer_start(void)
{
#ifndef POLYBENCH_NO_FLUSH_CACHE
  polybench_flush_cache();
#endif
  clock_gettime(CLOCK_MONOTONIC, &polybench_t_start);
}

void polybench_timer_stop(void)
{
  clock_gettime(CLOCK_MONOTONIC, &polybench_t_end);
  polybench_program_elapsed_time =
    polybench_seconds(&polybench_t_end) - polybench_seconds(&polybench_t_start);
}

void polybench_timer_print(void)
{
  printf("%0.6f\n", polybench_program_elapsed_time);
}
