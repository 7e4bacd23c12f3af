package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.util.List;
import org.openmark.api.Status;

/** Maps the driver's failures to statuses: a binding reports store errors, it does not throw them. */
final class CassandraErrors {

    private CassandraErrors() {
    }

    /**
     * SERVICE_UNAVAILABLE when too few replicas are alive (Unavailable) or no node could take the
     * request (connections lost, overloaded, bootstrapping); TIMEOUT when the coordinator did not
     * hear from enough replicas in time (read or write timeout) or the driver gave up waiting;
     * BAD_REQUEST when the server refused the statement itself; ERROR for replica failures
     * (read or write failure) and anything else.
     */
    static Status statusOf(DriverException e) {
        if (e instanceof AllNodesFailedException all) {
            return statusOfAllFailed(all);
        }
        if (e instanceof UnavailableException || e instanceof OverloadedException
                || e instanceof BootstrappingException || e instanceof NodeUnavailableException
                || e instanceof RequestThrottlingException || e instanceof ClosedConnectionException
                || e instanceof HeartbeatException || e instanceof ConnectionInitException) {
            return Status.SERVICE_UNAVAILABLE;
        }
        if (e instanceof ReadTimeoutException || e instanceof WriteTimeoutException
                || e instanceof DriverTimeoutException) {
            return Status.TIMEOUT;
        }
        if (e instanceof QueryValidationException) {
            return Status.BAD_REQUEST;
        }
        if (e instanceof ReadFailureException || e instanceof WriteFailureException) {
            return Status.ERROR;
        }
        return Status.ERROR;
    }

    /**
     * Every node tried failed: the status of the last node's last error when there is one (the
     * retry policy moved on from the others for the same reason), else SERVICE_UNAVAILABLE.
     */
    private static Status statusOfAllFailed(AllNodesFailedException e) {
        Throwable last = null;
        for (List<Throwable> errors : e.getAllErrors().values()) {
            if (!errors.isEmpty()) {
                last = errors.get(errors.size() - 1);
            }
        }
        if (last instanceof DriverException driver && !(last instanceof AllNodesFailedException)) {
            Status status = statusOf(driver);
            return status == Status.ERROR ? Status.SERVICE_UNAVAILABLE : status;
        }
        return Status.SERVICE_UNAVAILABLE;
    }

    /**
     * The driver's reason, one line: the exception's simple name and message, e.g.
     * {@code UnavailableException: Not enough replicas available for query at consistency ALL (3 required but only 2 alive)}.
     */
    static String reason(Throwable e) {
        String message = e.getMessage() == null ? "" : e.getMessage().replaceAll("\\s+", " ").trim();
        if (message.length() > 300) {
            message = message.substring(0, 300) + "...";
        }
        return e.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    }
}
