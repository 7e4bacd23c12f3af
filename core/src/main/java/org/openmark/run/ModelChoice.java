package org.openmark.run;

/** Which load model a run uses. */
public enum ModelChoice {
    /** Operations at their intended arrival times, whatever the store does (the default). */
    OPEN,
    /** YCSB's client threads, each waiting for its previous operation. */
    CLOSED
}
