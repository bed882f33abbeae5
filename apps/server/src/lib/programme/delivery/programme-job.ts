/** The outbox payload of the `programme` topic: the due item to send (decision 058). */
export interface ProgrammeJob {
  delivery_id: string;
}
