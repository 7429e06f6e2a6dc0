# tree: appended to libpabgames by its module (examples/games/tree.c).
examples_games_libpabgames_la_SOURCES += \
	examples/games/tree.h examples/games/tree.c
# The ordering experiment (thesis tables 4.4 and 4.5), run as
# "pab-bench ordering".
examples_bench_pab_bench_SOURCES += \
	examples/bench/ordering.c examples/bench/ordering.h \
	examples/bench/classify.c examples/bench/classify.h
