/* gemm.h -- problem sizes and element type for gemm:
 * C := alpha*A*B + beta*C. */
#ifndef POLYRL_GEMM_H
#define POLYRL_GEMM_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DNI=...) take precedence. */
#if !defined(NI) && !defined(NJ) && !defined(NK)
# if defined(MINI_DATASET)
#  define NI 20
#  define NJ 25
#  define NK 30
# elif defined(SMALL_DATASET)
#  define NI 60
#  define NJ 70
#  define NK 80
# elif defined(MEDIUM_DATASET)
#  define NI 200
#  define NJ 220
#  define NK 240
# elif defined(LARGE_DATASET)
#  define NI 1000
#  define NJ 1100
#  define NK 1200
# elif defined(EXTRALARGE_DATASET)
#  define NI 2000
#  define NJ 2300
#  define NK 2600
# endif
#endif

#define _PB_NI POLYBENCH_LOOP_BOUND(NI, ni)
#define _PB_NJ POLYBENCH_LOOP_BOUND(NJ, nj)
#define _PB_NK POLYBENCH_LOOP_BOUND(NK, nk)

/* Default element type: double (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.2lf "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#endif /* !POLYRL_GEMM_H */
