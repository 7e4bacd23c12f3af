package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class StandstillWatchTest {
    private final AtomicBoolean stoodStill = new AtomicBoolean();
    private final StandstillWatch watch = new StandstillWatch(stoodStill);

    private boolean calls(long instant, long count) {
        boolean stuck = false;
        for (long i = 0; i < count; i++) {
            stuck = watch.stuck(instant, instant, 1);
        }
        return stuck;
    }

    @Test
    void theLimitOfCallsInARowAtOneInstant_isStuck_andSetsTheSharedFlag() {
        assertFalse(calls(0, StandstillWatch.LIMIT - 1));
        assertFalse(stoodStill.get());
        assertTrue(watch.stuck(0, 0, 1));
        assertTrue(stoodStill.get());
    }

    @Test
    void aCallThatTakesTime_startsTheCountAgain() {
        assertFalse(calls(0, StandstillWatch.LIMIT - 1));
        assertFalse(watch.stuck(0, 5, 1));
        assertFalse(calls(5, StandstillWatch.LIMIT - 1));
        assertFalse(stoodStill.get());
        assertTrue(watch.stuck(5, 5, 1));
    }

    @Test
    void timeThatPassedBetweenTwoCalls_startsTheCountAgain() {
        // another client's wait moved the clock while this one made its next operation
        assertFalse(calls(0, StandstillWatch.LIMIT - 1));
        assertFalse(calls(7, StandstillWatch.LIMIT - 1));
        assertFalse(stoodStill.get());
    }

    @Test
    void chainsCountEachOfTheirCalls() {
        long chains = StandstillWatch.LIMIT / 64;
        for (long i = 0; i < chains - 1; i++) {
            assertFalse(watch.stuck(3, 3, 64));
        }
        assertTrue(watch.stuck(3, 3, 64 + (int) (StandstillWatch.LIMIT % 64)));
    }
}
