package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.openmark.api.Status;

/**
 * Counts the driver's reasons for failed requests, by status, exception and consistency level
 * ({@code SERVICE_UNAVAILABLE UnavailableException at ALL}), so a result says why requests failed,
 * not only how many. Thread safe.
 */
final class CassandraFailures {
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    void count(Status status, Throwable e) {
        counts.computeIfAbsent(status + " " + describe(e), k -> new LongAdder()).increment();
    }

    /** {@code 12 SERVICE_UNAVAILABLE UnavailableException at ALL; 3 TIMEOUT DriverTimeoutException}, or empty. */
    String summary() {
        Map<String, Long> sorted = new TreeMap<>();
        counts.forEach((reason, n) -> sorted.put(reason, n.sum()));
        StringBuilder text = new StringBuilder();
        sorted.forEach((reason, n) -> text.append(text.isEmpty() ? "" : "; ").append(n).append(' ').append(reason));
        return text.toString();
    }

    private static String describe(Throwable e) {
        if (e instanceof AllNodesFailedException all) {
            Throwable last = null;
            for (List<Throwable> errors : all.getAllErrors().values()) {
                if (!errors.isEmpty()) {
                    last = errors.get(errors.size() - 1);
                }
            }
            return last == null ? "AllNodesFailedException" : "AllNodesFailedException (" + describe(last) + ")";
        }
        if (e instanceof UnavailableException u) {
            return "UnavailableException at " + u.getConsistencyLevel().name();
        }
        if (e instanceof QueryConsistencyException q) {
            return e.getClass().getSimpleName() + " at " + q.getConsistencyLevel().name();
        }
        return e.getClass().getSimpleName();
    }
}
