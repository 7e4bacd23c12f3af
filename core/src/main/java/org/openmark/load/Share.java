package org.openmark.load;

import org.openmark.config.ConfigException;

/**
 * The part of a run one load-generator process does: share {@code index} of {@code count}
 * (0-based). A single process does the whole run ({@link #WHOLE}). Totals (threads, operations,
 * the in-flight bound) are split as YCSB splits operations over threads: every share gets
 * {@code total / count} and the first {@code total % count} one more, so the parts add up to the
 * total exactly.
 */
public record Share(int index, int count) {
    /** The whole run, in one process. */
    public static final Share WHOLE = new Share(0, 1);

    public Share {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("share " + index + " of " + count + ": need 0 <= index < count");
        }
    }

    /** True for a run in one process. */
    public boolean whole() {
        return count == 1;
    }

    /** This share's part of {@code total} ({@link Long#MAX_VALUE} stays unlimited). */
    public long part(long total) {
        if (total == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        return total / count + (index < total % count ? 1 : 0);
    }

    /** Where this share's part of {@code total} begins: the sum of the parts of the shares before it. */
    public long first(long total) {
        return index * (total / count) + Math.min(index, total % count);
    }

    /** {@code share} as the user writes it: {@code i/n}, 1-based (worker 2 of 3 is {@code 2/3}). */
    public String describe() {
        return (index + 1) + "/" + count;
    }

    /** Parses {@code i/n} (1 <= i <= n); errors name {@code property}. */
    public static Share parse(String property, String text) {
        String[] parts = text.trim().split("/");
        try {
            if (parts.length == 2) {
                int i = Integer.parseInt(parts[0].trim());
                int n = Integer.parseInt(parts[1].trim());
                if (n >= 1 && i >= 1 && i <= n) {
                    return new Share(i - 1, n);
                }
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw ConfigException.of(property, text, "must be i/n with 1 <= i <= n (share i of n workers)");
    }
}
