/* 2mm.h -- problem sizes and element type for 2mm:
 * D := alpha*A*B*C + beta*D. */
#ifndef POLYRL_2MM_H
#define POLYRL_2MM_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DNI=...) take precedence. */
#if !defined(NI) && !defined(NJ) && !defined(NK) && !defined(NL)
# if defined(MINI_DATASET)
#  define NI 16
#  define NJ 18
#  define NK 22
#  define NL 24
# elif defined(SMALL_DATASET)
#  define NI 40
#  define NJ 50
#  define NK 70
#  define NL 80
# elif defined(MEDIUM_DATASET)
#  define NI 180
#  define NJ 190
#  define NK 210
#  define NL 220
# elif defined(LARGE_DATASET)
#  define NI 800
#  define NJ 900
#  define NK 1100
#  define NL 1200
# elif defined(EXTRALARGE_DATASET)
#  define NI 1600
#  define NJ 1800
#  define NK 2200
#  define NL 2400
# endif
#endif

#define _PB_NI POLYBENCH_LOOP_BOUND(NI, ni)
#define _PB_NJ POLYBENCH_LOOP_BOUND(NJ, nj)
#define _PB_NK POLYBENCH_LOOP_BOUND(NK, nk)
#define _PB_NL POLYBENCH_LOOP_BOUND(NL, nl)

/* Default element type: double (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.2lf "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#endif /* !POLYRL_2MM_H */
