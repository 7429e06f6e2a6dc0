/*
 * libpab: parallel alpha-beta game-tree search.  The umbrella header.
 *
 *   #include <pab/pab.h>
 *   cc prog.c $(pkg-config --cflags --libs pab)
 *
 * See pab(7) for the overview and pab_search(3) for the entry point.
 */
#ifndef PAB_PAB_H
#define PAB_PAB_H

#include <pab/common.h>
#include <pab/game.h>
#include <pab/tt.h>
#include <pab/cs.h>
#include <pab/search.h>

#endif /* PAB_PAB_H */
