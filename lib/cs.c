/* placeholder until the table lands */
typedef int pab_cs_placeholder_;
