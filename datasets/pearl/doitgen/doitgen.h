/* doitgen.h -- problem sizes and element type for doitgen:
 * multi-resolution analysis kernel. */
#ifndef POLYRL_DOITGEN_H
#define POLYRL_DOITGEN_H

/* Without an explicit size class, build the LARGE one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

/* Sizes given on the command line (-DNQ=...) take precedence. */
#if !defined(NQ) && !defined(NR) && !defined(NP)
# if defined(MINI_DATASET)
#  define NQ 8
#  define NR 10
#  define NP 12
# elif defined(SMALL_DATASET)
#  define NQ 20
#  define NR 25
#  define NP 30
# elif defined(MEDIUM_DATASET)
#  define NQ 40
#  define NR 50
#  define NP 60
# elif defined(LARGE_DATASET)
#  define NQ 140
#  define NR 150
#  define NP 160
# elif defined(EXTRALARGE_DATASET)
#  define NQ 220
#  define NR 250
#  define NP 270
# endif
#endif

#define _PB_NQ POLYBENCH_LOOP_BOUND(NQ, nq)
#define _PB_NR POLYBENCH_LOOP_BOUND(NR, nr)
#define _PB_NP POLYBENCH_LOOP_BOUND(NP, np)

/* Default element type: double (override with -DDATA_TYPE_IS_INT/FLOAT/DOUBLE). */
#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.2lf "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#endif /* !POLYRL_DOITGEN_H */
