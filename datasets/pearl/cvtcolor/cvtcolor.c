/* cvtcolor.c (Pearl suite) -- RGB to grey conversion of an H x W image
 * with interleaved channels (img[i][j][0..2] = R, G, B), using the
 * ITU-R BT.601 luma weights: grey = 0.299 R + 0.587 G + 0.114 B. */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include "polybench.h"
#include "cvtcolor.h"

static void init_array(int h, int w,
                       DATA_TYPE POLYBENCH_3D(img, H, W, 3, h, w, 3))
{
  int i, j;

  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++) {
      img[i][j][0] = (DATA_TYPE)((7 * i + 3 * j) % 256);
      img[i][j][1] = (DATA_TYPE)((5 * i + 11 * j + 64) % 256);
      img[i][j][2] = (DATA_TYPE)((i * j + 128) % 256);
    }
}

static void print_array(int h, int w, DATA_TYPE POLYBENCH_2D(grey, H, W, h, w))
{
  int i, j, cnt = 0;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("grey");
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++) {
      if (cnt++ % 20 == 0)
        fprintf(POLYBENCH_DUMP_TARGET, "\n");
      fprintf(POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, grey[i][j]);
    }
  POLYBENCH_DUMP_END("grey");
  POLYBENCH_DUMP_FINISH;
}

static void kernel_cvtcolor(int h, int w,
                            DATA_TYPE POLYBENCH_3D(img, H, W, 3, h, w, 3),
                            DATA_TYPE POLYBENCH_2D(grey, H, W, h, w))
{
  int i, j;

#pragma scop
  for (i = 0; i < _PB_H; i++)
    for (j = 0; j < _PB_W; j++)
      grey[i][j] = SCALAR_VAL(0.299) * img[i][j][0]
                 + SCALAR_VAL(0.587) * img[i][j][1]
                 + SCALAR_VAL(0.114) * img[i][j][2];
#pragma endscop
}

int main(int argc, char **argv)
{
  int h = H, w = W;
  POLYBENCH_3D_ARRAY_DECL(img, DATA_TYPE, H, W, 3, h, w, 3);
  POLYBENCH_2D_ARRAY_DECL(grey, DATA_TYPE, H, W, h, w);

  init_array(h, w, POLYBENCH_ARRAY(img));

  polybench_start_instruments;
  kernel_cvtcolor(h, w, POLYBENCH_ARRAY(img), POLYBENCH_ARRAY(grey));
  polybench_stop_instruments;
  polybench_print_instruments;

  polybench_prevent_dce(print_array(h, w, POLYBENCH_ARRAY(grey)));

  POLYBENCH_FREE_ARRAY(img);
  POLYBENCH_FREE_ARRAY(grey);
  return 0;
}
