/* syrk.h -- problem sizes and element type for syrk:
 * C := alpha*A*A^T + beta*C (lower triangle). */
#ifndef POLYRL_SYRK_H
#define POLYRL_SYRK_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DM=...) take precedence. */
#if !defined(M) && !defined(N)
# if defined(MINI_DATASET)
#  define M 20
#  define N 30
# elif defined(SMALL_DATASET)
#  define M 60
#  define N 80
# elif defined(MEDIUM_DATASET)
#  define M 200
#  define N 240
# elif defined(LARGE_DATASET)
#  define M 1000
#  define N 1200
# elif defined(EXTRALARGE_DATASET)
#  define M 2000
#  define N 2600
# endif
#endif

#define _PB_M POLYBENCH_LOOP_BOUND(M, m)
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

#endif /* !POLYRL_SYRK_H */
