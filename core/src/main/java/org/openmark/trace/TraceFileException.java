package org.openmark.trace;

import org.openmark.config.ConfigException;

/** A trace file that cannot be read as one: bad input (exit 2). The message names the file. */
public final class TraceFileException extends ConfigException {
    private static final long serialVersionUID = 1L;

    TraceFileException(String file, String what) {
        super(file + ": " + what);
    }
}
