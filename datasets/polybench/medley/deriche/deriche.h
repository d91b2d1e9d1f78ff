/* deriche.h -- problem sizes and element type for deriche:
 * Deriche recursive edge-detection filter. */
#ifndef POLYRL_DERICHE_H
#define POLYRL_DERICHE_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DW=...) take precedence. */
#if !defined(W) && !defined(H)
# if defined(MINI_DATASET)
#  define W 64
#  define H 64
# elif defined(SMALL_DATASET)
#  define W 192
#  define H 128
# elif defined(MEDIUM_DATASET)
#  define W 720
#  define H 480
# elif defined(LARGE_DATASET)
#  define W 4096
#  define H 2160
# elif defined(EXTRALARGE_DATASET)
#  define W 7680
#  define H 4320
# endif
#endif

#define _PB_W POLYBENCH_LOOP_BOUND(W, w)
#define _PB_H POLYBENCH_LOOP_BOUND(H, h)

/* Default element type: float (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE float
# define DATA_PRINTF_MODIFIER "%0.2f "
# define SCALAR_VAL(x) x##f
# define SQRT_FUN(x) sqrtf(x)
# define EXP_FUN(x) expf(x)
# define POW_FUN(x, y) powf(x, y)
#endif

#endif /* !POLYRL_DERICHE_H */
