/* adi.h -- problem sizes and element type for adi:
 * alternating-direction implicit 2-D heat solver. */
#ifndef POLYRL_ADI_H
#define POLYRL_ADI_H

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
#  define N 20
# elif defined(SMALL_DATASET)
#  define TSTEPS 40
#  define N 60
# elif defined(MEDIUM_DATASET)
#  define TSTEPS 100
#  define N 200
# elif defined(LARGE_DATASET)
#  define TSTEPS 500
#  define N 1000
# elif defined(EXTRALARGE_DATASET)
#  define TSTEPS 1000
#  define N 2000
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

#endif /* !POLYRL_ADI_H */
