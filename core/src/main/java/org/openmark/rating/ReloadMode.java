package org.openmark.rating;

import java.util.Locale;

/**
 * How the database is brought back to its loaded state between experiments (BG's agile data
 * loading), from most to least expensive.
 */
public enum ReloadMode {
    /** Drop and load again from scratch: costs as much as the initial load. */
    FULL,
    /** Undo what the experiment changed (delete its inserts, restore what it updated or deleted). */
    REPAIR,
    /** Restore a saved image (a copy of the loaded database files). */
    IMAGE,
    /** Do nothing: only for workloads that leave the database statistically unchanged. */
    NONE;

    /** The name users type. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
