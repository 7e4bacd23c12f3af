package org.openmark.metrics;

import java.util.Locale;

/** The part of a phase that is running, as {@code openmark_phase} shows it. */
enum PhasePart {
    /** The load phase (inserting the records). */
    LOAD,
    /** The run's warm-up, left out of the result. */
    WARMUP,
    /** The measured window. */
    MEASURED,
    /** Past the duration: outstanding operations may still finish (--grace). */
    GRACE,
    /** The phase ended; the verdicts are the report's. */
    DONE;

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static String[] names() {
        PhasePart[] all = values();
        String[] out = new String[all.length];
        for (int i = 0; i < all.length; i++) {
            out[i] = all[i].label();
        }
        return out;
    }
}
