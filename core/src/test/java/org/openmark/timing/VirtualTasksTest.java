package org.openmark.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class VirtualTasksTest {
    @Test
    void registeredThreads_areVirtualWhereTheJdkLetsThemWaitInsideMonitors() throws Exception {
        VirtualTasks tasks = new VirtualTasks(new VirtualClock());
        List<Boolean> virtual = new CopyOnWriteArrayList<>();
        Runnable record = () -> virtual.add(Thread.currentThread().isVirtual());
        tasks.startPlatform("one", record).join();
        tasks.startBackground("ticker", record).join();
        for (Thread t : tasks.startPlatforms("client-", 3, i -> record)) {
            t.join();
        }
        // on JDK 24 and later (the build runs on 25) virtual, so the clock's turns are handed on cheaply
        assertEquals(Collections.nCopies(5, Runtime.version().feature() >= 24), virtual);
    }
}
