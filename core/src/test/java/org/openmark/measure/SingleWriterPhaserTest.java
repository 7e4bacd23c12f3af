package org.openmark.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The reader's side of the phase; the writer-against-reader stress is in {@link ThreadWriterTest}. */
class SingleWriterPhaserTest {

    @Test
    void awaitWriter_outsideARecord_returnsAtOnce() {
        SingleWriterPhaser phase = new SingleWriterPhaser();
        phase.awaitWriter();
        phase.exit(phase.enter());
        phase.exit(phase.enter());
        phase.awaitWriter(); // would spin forever if the sequence were left odd
    }

    @Test
    void awaitWriter_insideARecord_waitsUntilItEnds() throws InterruptedException {
        SingleWriterPhaser phase = new SingleWriterPhaser();
        long token = phase.enter();
        Thread reader = Thread.ofPlatform().start(phase::awaitWriter);
        reader.join(Duration.ofMillis(200));
        assertTrue(reader.isAlive(), "the reader returned while the record was in progress");
        phase.exit(token);
        reader.join(Duration.ofSeconds(30));
        assertFalse(reader.isAlive(), "the reader still waits after the record ended");
    }
}
