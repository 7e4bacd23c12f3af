/**
 * The open model's dispatch: where operations run once their intended time has come. A
 * {@link org.openmark.load.dispatch.Dispatch} takes each due operation and hands it, on some thread
 * with a {@link org.openmark.load.dispatch.WorkerSession}, to the model's
 * {@link org.openmark.load.dispatch.OperationHandler}: in real time a pool of reused workers (the
 * {@code WorkerPool}, its {@code OperationRing} queue, {@code IdleWorkers}, and the {@code HelpPolicy}
 * that brings more workers when operations wait behind a blocked one); in virtual time a thread per
 * operation ({@code ThreadPerOperation}, sessions from a {@link org.openmark.load.dispatch.SessionPool}).
 *
 * <p>The pool's workers also take turns running the model's {@link org.openmark.load.dispatch.Timekeeping}
 * (the issuer: wait for the next arrival, offer the due operations back to the pool): the
 * {@code TimekeepingRelay} passes the role ({@code TimekeepingRole}) between them, one worker keeping time
 * and one platform worker standing by to take over from a keeper that is late or blocked. Nothing here
 * knows the load models; public are only the types the models use.
 */
package org.openmark.load.dispatch;
