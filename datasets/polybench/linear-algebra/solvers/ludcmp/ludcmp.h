/* ludcmp.h -- problem sizes and element type for ludcmp:
 * LU factorisation followed by forward and backward substitution. */
#ifndef POLYRL_LUDCMP_H
#define POLYRL_LUDCMP_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DN=...) take precedence. */
#if !defined(N)
# if defined(MINI_DATASET)
#  define N 40
# elif defined(SMALL_DATASET)
#  define N 120
# elif defined(MEDIUM_DATASET)
#  define N 400
# elif defined(LARGE_DATASET)
#  define N 2000
# elif defined(EXTRALARGE_DATASET)
#  define N 4000
# endif
#endif

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

#endif /* !POLYRL_LUDCMP_H */
