package org.openmark.trace;

import java.io.Closeable;
import java.io.IOException;

/** A trace read in order, one operation at a time: openmark's own file, or a plain CSV a user made. */
public interface TraceSource extends Closeable {
    /** What the trace says of the run that made it (a CSV: nothing but that it is one). */
    TraceHeader header();

    /** The next operation, or null after the last one; a bad or incomplete file is refused naming it. */
    TraceRecord next() throws IOException;

    /** The trace's end, once {@link #next} returned null. */
    TraceEnd end();
}
