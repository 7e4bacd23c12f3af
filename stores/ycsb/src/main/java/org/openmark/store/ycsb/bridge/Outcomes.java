package org.openmark.store.ycsb.bridge;

import java.util.function.Consumer;
import org.openmark.api.Status;

/**
 * YCSB statuses as openmark's, by name. YCSB 0.17's OK, NOT_FOUND, ERROR, NOT_IMPLEMENTED,
 * UNEXPECTED_STATE, BAD_REQUEST and SERVICE_UNAVAILABLE have openmark namesakes; a binding's own
 * status named like another openmark status (TIMEOUT, ABORTED) is that status. The rest are counted
 * by name in the tally ({@code status.NAME}) and measured as the nearest openmark status:
 * BATCHED_OK as OK (the binding queued the write: the latency is not the store's), FORBIDDEN and
 * every unknown name as ERROR.
 */
final class Outcomes {
    /** The tally label prefix of a status counted by name. */
    static final String STATUS = "status.";
    /** The label of an operation that returned no status at all. */
    static final String NO_STATUS = STATUS + "(none)";
    private static final java.util.Map<String, Status> OPENMARK = java.util.Arrays.stream(Status.values())
            .collect(java.util.stream.Collectors.toUnmodifiableMap(Status::name, s -> s));

    private Outcomes() {
    }

    static Status of(site.ycsb.Status status, Consumer<String> tally) {
        // the constants first: nearly every call returns one of them
        if (status == site.ycsb.Status.OK) {
            return Status.OK;
        }
        if (status == site.ycsb.Status.NOT_FOUND) {
            return Status.NOT_FOUND;
        }
        if (status == null) {
            tally.accept(NO_STATUS);
            return Status.ERROR;
        }
        return byName(status.getName(), tally);
    }

    static Status byName(String name, Consumer<String> tally) {
        if (name == null) {
            tally.accept(NO_STATUS);
            return Status.ERROR;
        }
        return switch (name) {
            case "OK" -> Status.OK;
            case "NOT_FOUND" -> Status.NOT_FOUND;
            case "ERROR" -> Status.ERROR;
            case "NOT_IMPLEMENTED" -> Status.NOT_IMPLEMENTED;
            case "UNEXPECTED_STATE" -> Status.UNEXPECTED_STATE;
            case "BAD_REQUEST" -> Status.BAD_REQUEST;
            case "SERVICE_UNAVAILABLE" -> Status.SERVICE_UNAVAILABLE;
            case "BATCHED_OK" -> {
                tally.accept(STATUS + name);
                yield Status.OK;
            }
            default -> namesake(name, tally);
        };
    }

    /** openmark's status of that name (TIMEOUT, ABORTED), else ERROR counted under the name. */
    private static Status namesake(String name, Consumer<String> tally) {
        Status same = OPENMARK.get(name);
        if (same != null) {
            return same;
        }
        tally.accept(STATUS + name);
        return Status.ERROR;
    }
}
