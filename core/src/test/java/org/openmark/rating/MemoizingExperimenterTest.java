package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoizingExperimenterTest {

    @Test
    void run_repeatedLoad_runsOnceAndLogsAHit() {
        List<Long> ran = new ArrayList<>();
        MemoizingExperimenter memo = new MemoizingExperimenter(RatingFixtures.from(load -> {
            ran.add(load);
            return RatingFixtures.passing(load, load * 10.0);
        }));
        memo.phase("climb");
        ExperimentResult first = memo.run(4);
        memo.phase("golden");
        ExperimentResult again = memo.run(4);
        memo.run(5);
        assertSame(first, again);
        assertEquals(List.of(4L, 5L), ran);
        assertEquals(3, memo.totalExperiments());
        assertEquals(2, memo.uniqueExperiments());
        List<ExperimentRecord> log = memo.log();
        assertFalse(log.get(0).memoHit());
        assertTrue(log.get(1).memoHit());
        assertEquals("golden", log.get(1).phase());
        assertEquals(List.of(1, 2, 3), log.stream().map(ExperimentRecord::sequence).toList());
        assertEquals(List.of(4L, 5L), memo.uniqueResults().stream().map(ExperimentResult::loadLevel).toList());
    }

    @Test
    void confirm_sameLoadTwice_isNeverMemoized() {
        List<Long> confirmed = new ArrayList<>();
        MemoizingExperimenter memo = new MemoizingExperimenter(new Experimenter() {
            @Override
            public ExperimentResult run(long loadLevel) {
                return RatingFixtures.passing(loadLevel, 1);
            }

            @Override
            public ExperimentResult confirm(long loadLevel, Duration sustain) {
                confirmed.add(loadLevel);
                return RatingFixtures.passing(loadLevel, 1);
            }
        });
        memo.run(3);
        memo.confirm(3, Duration.ofMinutes(10));
        memo.confirm(3, Duration.ofMinutes(10));
        assertEquals(List.of(3L, 3L), confirmed);
        assertEquals(1, memo.totalExperiments());
    }
}
