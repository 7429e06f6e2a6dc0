# tests of the transposition table and the currently-searching table
if HAVE_CRITERION
UNIT_TESTS += tests/test_tt tests/test_cs
check_PROGRAMS += tests/test_tt tests/test_cs
endif
tests_test_tt_SOURCES = tests/test_tt.c
tests_test_tt_CFLAGS = $(TEST_CFLAGS)
tests_test_tt_LDADD = $(TEST_LIBS)
tests_test_cs_SOURCES = tests/test_cs.c
tests_test_cs_CFLAGS = $(TEST_CFLAGS)
tests_test_cs_LDADD = $(TEST_LIBS)

# Stress executables: plain threads, no Criterion, knobs PAB_STRESS_THREADS,
# PAB_STRESS_OPS and PAB_STRESS_SEED (see the top of each file).
STRESS_TESTS += tests/stress_tt tests/stress_cs
check_PROGRAMS += tests/stress_tt tests/stress_cs
tests_stress_tt_SOURCES = tests/stress_tt.c
tests_stress_tt_CFLAGS = $(AM_CFLAGS)
tests_stress_tt_LDADD = lib/libpab.la
tests_stress_cs_SOURCES = tests/stress_cs.c
tests_stress_cs_CFLAGS = $(AM_CFLAGS)
tests_stress_cs_LDADD = lib/libpab.la
