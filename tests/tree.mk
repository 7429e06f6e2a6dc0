# tests of tree (the artificial game trees and the ordering experiment)
if HAVE_CRITERION
UNIT_TESTS += tests/test_tree
check_PROGRAMS += tests/test_tree
endif
tests_test_tree_SOURCES = tests/test_tree.c examples/bench/ordering.c \
	examples/bench/args.c \
	examples/bench/classify.c examples/bench/network.c \
	examples/bench/train.c
tests_test_tree_CFLAGS = $(TEST_CFLAGS) $(FANN_CFLAGS) \
	-DPAB_SRC_NETS_DIR='"$(abs_top_srcdir)/examples/bench/nets"'
tests_test_tree_LDADD = $(TEST_LIBS) $(FANN_LIBS) -lm
