package org.openmark.rating;

/** What a load level counts: client threads (closed model) or arrivals per second (open model). */
public enum LoadUnit {
    /** Closed model: T client threads. */
    THREADS("threads"),
    /** Open model: arrival rate λ in whole operations per second. */
    OPS_PER_SEC("ops/s");

    private final String label;

    LoadUnit(String label) {
        this.label = label;
    }

    /** The unit as reports print it. */
    public String label() {
        return label;
    }
}
