package org.openmark.measure;

import org.openmark.api.Status;

/**
 * What one latency histogram is about: an operation name and the status it ended with.
 *
 * @param op the operation name, e.g. {@code READ}
 * @param status the outcome
 * @param inner true for a store call made inside a composite operation (a READ inside a
 *     READ-MODIFY-WRITE): reported in the latency blocks, not counted in the accounting
 */
public record Channel(String op, Status status, boolean inner) implements Comparable<Channel> {

    /** The tag used in the HDR interval log, e.g. {@code READ.OK} or {@code READ.OK.inner}. */
    public String tag() {
        return op + "." + status.name() + (inner ? ".inner" : "");
    }

    @Override
    public int compareTo(Channel o) {
        int c = op.compareTo(o.op);
        if (c != 0) {
            return c;
        }
        c = status.compareTo(o.status);
        return c != 0 ? c : Boolean.compare(inner, o.inner);
    }
}
