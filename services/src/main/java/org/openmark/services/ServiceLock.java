package org.openmark.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serializes the commands on one service, across processes (a lock on BASE/.NAME.lock) and across threads of
 * one process (a file lock is held by a process, not a thread: a second thread asking for it would be refused,
 * not made to wait). Servers never hold it: they are started with no descriptor of ours.
 *
 * <p>A {@linkplain #lease lease} is the same kind of lock on another file (BASE/.NAME.lease), held for as long
 * as a user needs a service to itself, over many commands (a test class that reuses a shared server and
 * empties it first): the commands it makes meanwhile still take the service's own lock, which it does not hold.
 */
public final class ServiceLock implements AutoCloseable {
    private static final Map<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private final ReentrantLock threads;
    private final FileChannel channel;
    private final FileLock lock;

    private ServiceLock(ReentrantLock threads, FileChannel channel, FileLock lock) {
        this.threads = threads;
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits until the commands on the service {@code name} under {@code baseDir} are this thread's alone. */
    static ServiceLock acquire(Path baseDir, String name) {
        return acquire(baseDir, baseDir.resolve("." + name + ".lock"));
    }

    /**
     * Waits until no other user (another process, or another thread of this one) holds a lease of the service
     * {@code name} under {@code baseDir}, and takes it; closing it lets the next one have it.
     */
    public static ServiceLock lease(Path baseDir, String name) {
        return acquire(baseDir, baseDir.resolve("." + name + ".lease"));
    }

    private static ServiceLock acquire(Path baseDir, Path file) {
        ReentrantLock threads = IN_PROCESS.computeIfAbsent(file, f -> new ReentrantLock());
        threads.lock();
        if (threads.getHoldCount() > 1) {
            // this thread holds it already (a start that stops a stale service): the file lock is ours too
            return new ServiceLock(threads, null, null);
        }
        try {
            Files.createDirectories(baseDir);
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            return new ServiceLock(threads, channel, channel.lock());
        } catch (IOException e) {
            threads.unlock();
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            if (lock != null) {
                lock.release();
                channel.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            threads.unlock();
        }
    }
}
