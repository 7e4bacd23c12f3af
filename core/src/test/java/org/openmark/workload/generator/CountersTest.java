package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CountersTest {

    @Test
    void counter_next_countsUpFromStart() {
        CounterGenerator c = new CounterGenerator(42);
        assertEquals(42, c.next());
        assertEquals(43, c.next());
        assertEquals(44, c.peek());
    }

    @Test
    void sequential_nextLong_cyclesOverTheRange() {
        SequentialGenerator g = new SequentialGenerator(10, 12);
        SplittableRandom unused = new SplittableRandom(0);
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            values.add(g.nextLong(unused));
        }
        assertEquals(List.of(10L, 11L, 12L, 10L, 11L, 12L, 10L), values);
    }

    @Test
    void constant_nextLong_isTheValue() {
        assertEquals(100, new ConstantGenerator(100).nextLong(new SplittableRandom(1)));
    }
}
