package org.openmark.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Lets code that logs to a PrintStream write to picocli's PrintWriter (UTF-8, line by line). */
final class WriterOutputStream extends OutputStream {
    private final PrintWriter writer;
    private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

    WriterOutputStream(PrintWriter writer) {
        this.writer = writer;
    }

    @Override
    public synchronized void write(int b) {
        line.write(b);
        if (b == '\n') {
            flush();
        }
    }

    @Override
    public synchronized void flush() {
        writer.print(line.toString(StandardCharsets.UTF_8));
        writer.flush();
        line.reset();
    }
}
