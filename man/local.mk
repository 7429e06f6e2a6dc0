# The manual: man1 for the programs, man3 one page per public function,
# man7/pab.7 the overview.  tests/check_man.sh lints every page and checks
# that every exported function has its page and that this list is complete.
dist_man3_MANS += \
	man/man3/pab_strerror.3 \
	man/man3/pab_version.3 \
	man/man3/pab_version_number.3

# PLAIN_TESTS += tests/check_man.sh  (enabled once every page exists)
EXTRA_DIST += tests/check_man.sh
