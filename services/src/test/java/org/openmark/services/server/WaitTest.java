package org.openmark.services.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WaitTest {

    @Test
    void until_conditionNeverHolds_givesUpAtTheDeadlineWithoutSleepingForReal() {
        FakeTime time = new FakeTime();
        AtomicInteger asked = new AtomicInteger();

        boolean held = Wait.of(time, Duration.ofSeconds(10), Duration.ofSeconds(1)).until(() -> {
            asked.incrementAndGet();
            return false;
        });

        assertFalse(held);
        // asked at 0, 1, ..., 10 s: the last time at the deadline itself
        assertEquals(11, asked.get());
        assertEquals(Duration.ofSeconds(10).toNanos(), time.nanoTime());
    }

    @Test
    void until_conditionHoldsOnTheThirdPoll_returnsAfterTwoPauses() {
        FakeTime time = new FakeTime();
        AtomicInteger asked = new AtomicInteger();

        boolean held = Wait.of(time, Duration.ofSeconds(10), Duration.ofMillis(500))
                .until(() -> asked.incrementAndGet() == 3);

        assertTrue(held);
        assertEquals(Duration.ofMillis(1000).toNanos(), time.nanoTime());
    }

    @Test
    void expired_sharedDeadline_countsFromWhenTheWaitWasMade() {
        FakeTime time = new FakeTime();
        Wait wait = Wait.of(time, Duration.ofSeconds(3), Duration.ofSeconds(1));
        time.sleep(Duration.ofMillis(2999));
        assertFalse(wait.expired());
        time.sleep(Duration.ofMillis(1));
        assertTrue(wait.expired());
    }
}
