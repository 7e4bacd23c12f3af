package org.openmark.cluster.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A worker's intervals while its coordinator is unreachable: held in order, bounded, delivered once. */
class OutboxTest {

    @Test
    void send_whileHolding_deliversInOrderOnRelease() {
        Outbox box = new Outbox(10);
        List<Integer> delivered = new ArrayList<>();
        box.send(() -> delivered.add(0));
        box.hold();
        for (int i = 1; i <= 3; i++) {
            int n = i;
            box.send(() -> delivered.add(n));
        }
        assertEquals(List.of(0), delivered, "nothing goes out while the coordinator is unreachable");
        assertEquals(3, box.held());
        assertEquals(3, box.release());
        box.send(() -> delivered.add(4));
        assertEquals(List.of(0, 1, 2, 3, 4), delivered);
        assertEquals(0, box.release(), "each is delivered once");
    }

    @Test
    void send_moreThanItHolds_dropsTheOldestAndCountsThem() {
        Outbox box = new Outbox(2);
        List<Integer> delivered = new ArrayList<>();
        box.hold();
        for (int i = 1; i <= 5; i++) {
            int n = i;
            box.send(() -> delivered.add(n));
        }
        assertEquals(2, box.release());
        assertEquals(List.of(4, 5), delivered);
        assertEquals(3, box.dropped());
    }
}
