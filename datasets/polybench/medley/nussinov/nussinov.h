/* nussinov.h -- problem sizes and element type for nussinov:
 * Nussinov RNA secondary-structure dynamic program. */
#ifndef POLYRL_NUSSINOV_H
#define POLYRL_NUSSINOV_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DN=...) take precedence. */
#if !defined(N)
# if defined(MINI_DATASET)
#  define N 60
# elif defined(SMALL_DATASET)
#  define N 180
# elif defined(MEDIUM_DATASET)
#  define N 500
# elif defined(LARGE_DATASET)
#  define N 2500
# elif defined(EXTRALARGE_DATASET)
#  define N 5500
# endif
#endif

#define _PB_N POLYBENCH_LOOP_BOUND(N, n)

/* Default element type: int (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE int
# define DATA_PRINTF_MODIFIER "%d "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#endif /* !POLYRL_NUSSINOV_H */
