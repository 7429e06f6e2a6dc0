# tests of the split-point algorithms: ybwc and jamboree against serial
# (Criterion), and a stress executable for the sanitizer suites.
if HAVE_CRITERION
UNIT_TESTS += tests/test_ybwc_jamboree
check_PROGRAMS += tests/test_ybwc_jamboree
endif
tests_test_ybwc_jamboree_SOURCES = tests/test_ybwc_jamboree.c
tests_test_ybwc_jamboree_CFLAGS = $(TEST_CFLAGS)
tests_test_ybwc_jamboree_LDADD = $(TEST_LIBS)

# Knobs PAB_STRESS_SEARCHES and PAB_STRESS_THREADS (see the file).
STRESS_TESTS += tests/stress_splitpoint
check_PROGRAMS += tests/stress_splitpoint
tests_stress_splitpoint_SOURCES = tests/stress_splitpoint.c
tests_stress_splitpoint_CFLAGS = $(AM_CFLAGS)
tests_stress_splitpoint_LDADD = examples/games/libpabgames.la lib/libpab.la
