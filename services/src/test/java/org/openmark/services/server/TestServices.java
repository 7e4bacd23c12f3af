package org.openmark.services.server;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** A console that keeps what a command said, for tests that start real servers. */
public final class TestServices {
    private TestServices() {
    }

    /** A console whose stdout and stderr go to {@code said}. */
    public static Console console(ByteArrayOutputStream said) {
        PrintStream stream = new PrintStream(said, true, StandardCharsets.UTF_8);
        return new Console(stream, stream);
    }
}
