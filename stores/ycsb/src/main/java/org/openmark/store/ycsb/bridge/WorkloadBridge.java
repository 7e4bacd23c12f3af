package org.openmark.store.ycsb.bridge;

import java.util.Properties;
import java.util.Set;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.store.ycsb.spi.BindingWorkload;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * A YCSB workload class, made and {@code init()}ed as YCSB's client does: YCSB's measurements get
 * the properties first (workloads such as YCSB's own take {@code Measurements.getMeasurements()} when
 * they are constructed; those measurements stay unused, openmark measures), then a new instance
 * through the public no-argument constructor, then {@code init(properties)}. Created by reflection
 * from openmark's side, in the workload's class loader.
 */
public final class WorkloadBridge implements BindingWorkload {
    private final Workload workload;
    private final Properties properties;
    private final ClassLoader loader;

    /**
     * @param type the workload class (checked by openmark's side to be a public, concrete {@code site.ycsb.Workload})
     * @param properties every property of the run
     * @param property the property that named the class, for messages
     * @throws StoreConfigException naming {@code property} when the class cannot be made or {@code init()} throws
     */
    public WorkloadBridge(Class<?> type, Properties properties, String property) {
        this.properties = properties;
        this.loader = WorkloadBridge.class.getClassLoader();
        Thread thread = Thread.currentThread();
        ClassLoader caller = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Measurements.setProperties(properties);
            workload = type.asSubclass(Workload.class).getConstructor().newInstance();
            workload.init(properties);
        } catch (NoSuchMethodException e) {
            throw new StoreConfigException(property, type.getName(), "has no public no-argument constructor (YCSB"
                    + " creates workloads through it)");
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new StoreConfigException(property, type.getName(), "its constructor failed: "
                    + DbSession.describe(e.getCause()));
        } catch (WorkloadException | RuntimeException | ReflectiveOperationException e) {
            throw new StoreConfigException(property, type.getName(), "init() failed: " + DbSession.describe(e));
        } finally {
            thread.setContextClassLoader(caller);
        }
    }

    @Override
    public Set<String> knownProperties() {
        return DeclaredProperties.of(workload.getClass());
    }

    @Override
    public ThreadState initThread(int threadId, int threadCount) {
        Thread thread = Thread.currentThread();
        ClassLoader caller = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return new State(workload.initThread(properties, threadId, threadCount));
        } catch (WorkloadException | RuntimeException e) {
            throw new StoreException(workload.getClass().getName() + ".initThread() failed: " + DbSession.describe(e), e);
        } finally {
            thread.setContextClassLoader(caller);
        }
    }

    @Override
    public void cleanup() {
        try {
            workload.cleanup();
        } catch (WorkloadException | RuntimeException e) {
            // the run is over; nothing depends on it
        }
    }

    /** One thread state and the database its units call. */
    private final class State implements ThreadState {
        private final Object threadState;
        private final SessionDb db = new SessionDb();

        State(Object threadState) {
            this.threadState = threadState;
        }

        @Override
        public Status doInsert(Session session) {
            return unit(session, true);
        }

        @Override
        public Status doTransaction(Session session) {
            return unit(session, false);
        }

        private Status unit(Session session, boolean insert) {
            Thread thread = Thread.currentThread();
            ClassLoader caller = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            db.begin(session);
            try {
                boolean done = insert ? workload.doInsert(db, threadState) : workload.doTransaction(db, threadState);
                Status status = db.unitStatus();
                return status == Status.OK && !done ? Status.ERROR : status;
            } finally {
                thread.setContextClassLoader(caller);
            }
        }
    }
}
