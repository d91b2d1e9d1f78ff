/* cvtcolor.h -- problem sizes and element type for cvtcolor:
 * RGB to grey conversion. */
#ifndef POLYRL_CVTCOLOR_H
#define POLYRL_CVTCOLOR_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DH=...) take precedence. */
#if !defined(H) && !defined(W)
# if defined(MINI_DATASET)
#  define H 32
#  define W 48
# elif defined(SMALL_DATASET)
#  define H 128
#  define W 192
# elif defined(MEDIUM_DATASET)
#  define H 512
#  define W 768
# elif defined(LARGE_DATASET)
#  define H 1080
#  define W 1920
# elif defined(EXTRALARGE_DATASET)
#  define H 2160
#  define W 3840
# endif
#endif

#define _PB_H POLYBENCH_LOOP_BOUND(H, h)
#define _PB_W POLYBENCH_LOOP_BOUND(W, w)

/* Default element type: double (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.2lf "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#endif /* !POLYRL_CVTCOLOR_H */
