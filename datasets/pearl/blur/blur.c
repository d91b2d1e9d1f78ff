/* blur.c (Pearl suite) -- 3x3 box blur of an H x W grey image, written as
 * the usual two separable passes: bx averages three neighbours along a
 * row, out averages three rows of bx.  Only the interior
 * 1 <= i < H-1, 1 <= j < W-1 of out is defined (the border is left as
 * initialised), which equals the full 3x3 mean of img around (i, j). */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include "polybench.h"
#include "blur.h"

static void init_array(int h, int w, DATA_TYPE POLYBENCH_2D(img, H, W, h, w))
{
  int i, j;

  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      img[i][j] = (DATA_TYPE)((13 * i + 29 * j + i * j) % 256);
}

static void print_array(int h, int w, DATA_TYPE POLYBENCH_2D(out, H, W, h, w))
{
  int i, j, cnt = 0;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("out");
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++) {
      if (cnt++ % 20 == 0)
        fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, out[i][j]);
    }
  POLYBENCH_DUMP_END("out");
  POLYBENCH_DUMP_FINISH;
}

static void kernel_blur(int h, int w,
                        DATA_TYPE POLYBENCH_2D(img, H, W, h, w),
                        DATA_TYPE POLYBENCH_2D(bx, H, W, h, w),
                        DATA_TYPE POLYBENCH_2D(out, H, W, h, w))
{
  int i, j;

#pragma scop
  /* horizontal pass over every row */
  for (i = 0; i < _PB_H; i++)
    for (j = 1; j < _PB_W - 1; j++)
      bx[i][j] = (img[i][j - 1] + img[i][j] + img[i][j + 1]) / SCALAR_VAL(3.0);
  /* vertical pass */
  for (i = 1; i < _PB_H - 1; i++)
    for (j = 1; j < _PB_W - 1; j++)
      out[i][j] = (bx[i - 1][j] + bx[i][j] + bx[i + 1][j]) / SCALAR_VAL(3.0);
#pragma endscop
}

int main(int argc, char **argv)
{
  int h = H, w = W;
  POLYBENCH_2D_ARRAY_DECL(img, DATA_TYPE, H, W, h, w);
  POLYBENCH_2D_ARRAY_DECL(bx, DATA_TYPE, H, W, h, w);
  POLYBENCH_2D_ARRAY_DECL(out, DATA_TYPE, H, W, h, w);

  init_array(h, w, POLYBENCH_ARRAY(img));

  polybench_start_instruments;
  kernel_blur(h, w, POLYBENCH_ARRAY(img), POLYBENCH_ARRAY(bx),
              POLYBENCH_ARRAY(out));
  polybench_stop_instruments;
  polybench_print_instruments;

  polybench_prevent_dce(print_array(h, w, POLYBENCH_ARRAY(out)));

  POLYBENCH_FREE_ARRAY(img);
  POLYBENCH_FREE_ARRAY(bx);
  POLYBENCH_FREE_ARRAY(out);
  return 0;
}
