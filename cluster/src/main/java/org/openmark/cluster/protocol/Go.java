package org.openmark.cluster.protocol;

/** Every worker of run {@code run} is prepared: load as decided, then say so ({@link Ready}). */
public record Go(int run, Load load) implements ToWorker {
}
