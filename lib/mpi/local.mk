# libpab-mpi: its own library, header and pkg-config file; built only with
# MPI (configure --with-mpi).  It stands on libpab's public interface.
if HAVE_MPI
lib_LTLIBRARIES += lib/mpi/libpab-mpi.la
lib_mpi_libpab_mpi_la_SOURCES = \
	lib/mpi/cluster.h lib/mpi/cluster.c lib/mpi/table.c lib/mpi/progress.c
lib_mpi_libpab_mpi_la_CFLAGS = $(AM_CFLAGS) $(VISIBILITY_CFLAGS) \
	$(ATOMIC_OPS_CFLAGS) $(MPI_CFLAGS)
lib_mpi_libpab_mpi_la_LIBADD = lib/libpab.la $(ATOMIC_OPS_LIBS) $(MPI_LIBS)
lib_mpi_libpab_mpi_la_LDFLAGS = -version-info $(PAB_MPI_LT_VERSION) -no-undefined
pabinclude_HEADERS += include/pab/mpi.h
pkgconfig_DATA += pkgconfig/pab-mpi.pc
else
EXTRA_DIST += include/pab/mpi.h lib/mpi/cluster.h lib/mpi/cluster.c \
	lib/mpi/table.c lib/mpi/progress.c
endif
