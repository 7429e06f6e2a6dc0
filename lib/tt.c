/* placeholder until the table lands */
typedef int pab_tt_placeholder_;
