package org.openmark.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A thread that keeps a schedule sets its own timer slack, and only its own. */
class TimerSlackTest {

    @Test
    void tightenThisThread_setsTheCallersSlackOnly() throws Exception {
        assumeTrue(System.getProperty("os.name", "").startsWith("Linux"), "timer slack is Linux's");
        AtomicLong tightened = new AtomicLong();
        AtomicLong other = new AtomicLong();
        Thread t = Thread.ofPlatform().start(() -> {
            assertTrue(TimerSlack.tightenThisThread(), "refused");
            tightened.set(TimerSlack.ofThisThread());
        });
        t.join();
        Thread u = Thread.ofPlatform().start(() -> other.set(TimerSlack.ofThisThread()));
        u.join();
        assertEquals(TimerSlack.NANOS, tightened.get());
        assertNotEquals(TimerSlack.NANOS, other.get(), "another thread's slack changed too");
        assertTrue(other.get() > 0, "the default slack could not be read: " + other.get());
    }
}
