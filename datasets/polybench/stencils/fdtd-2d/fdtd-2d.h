/* fdtd-2d.h -- problem sizes and element type for fdtd-2d:
 * 2-D finite-difference time-domain electromagnetics. */
#ifndef POLYRL_FDTD_2D_H
#define POLYRL_FDTD_2D_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DTMAX=...) take precedence. */
#if !defined(TMAX) && !defined(NX) && !defined(NY)
# if defined(MINI_DATASET)
#  define TMAX 20
#  define NX 20
#  define NY 30
# elif defined(SMALL_DATASET)
#  define TMAX 40
#  define NX 60
#  define NY 80
# elif defined(MEDIUM_DATASET)
#  define TMAX 100
#  define NX 200
#  define NY 240
# elif defined(LARGE_DATASET)
#  define TMAX 500
#  define NX 1000
#  define NY 1200
# elif defined(EXTRALARGE_DATASET)
#  define TMAX 1000
#  define NX 2000
#  define NY 2600
# endif
#endif

#define _PB_TMAX POLYBENCH_LOOP_BOUND(TMAX, tmax)
#define _PB_NX POLYBENCH_LOOP_BOUND(NX, nx)
#define _PB_NY POLYBENCH_LOOP_BOUND(NY, ny)

/* Default element type: double (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.2lf "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#endif /* !POLYRL_FDTD_2D_H */
