/* jacobi-2d.h -- problem sizes and element type for jacobi-2d:
 * 2-D five-point Jacobi relaxation. */
#ifndef POLYRL_JACOBI_2D_H
#define POLYRL_JACOBI_2D_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DTSTEPS=...) take precedence. */
#if !defined(TSTEPS) && !defined(N)
# if defined(MINI_DATASET)
#  define TSTEPS 20
#  define N 30
# elif defined(SMALL_DATASET)
#  define TSTEPS 40
#  define N 90
# elif defined(MEDIUM_DATASET)
#  define TSTEPS 100
#  define N 250
# elif defined(LARGE_DATASET)
#  define TSTEPS 500
#  define N 1300
# elif defined(EXTRALARGE_DATASET)
#  define TSTEPS 1000
#  define N 2800
# endif
#endif

#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)

/* Default element type: double (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.2lf "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#endif /* !POLYRL_JACOBI_2D_H */
