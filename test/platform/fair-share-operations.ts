import { graphql } from '../gql';

/** The queue-place operations of the fair-share tests, typed through test/gql by `npm run codegen`. */

export const DocumentQueues = graphql(`
  query DocumentQueues($partner: String!, $name: String!) {
    knowledgeBase(partner: $partner, name: $name) {
      documents {
        id
        name
        inQueues
        progress {
          stage
        }
        queue {
          reason
          position
          estimatedStartAt
        }
      }
    }
  }
`);

export const DocumentQueueUpdates = graphql(`
  subscription DocumentQueueUpdates($partner: String!, $kb: String!) {
    documentUpdated(partner: $partner, kb: $kb) {
      id
      inQueues
      queue {
        reason
        position
      }
    }
  }
`);

export const VoiceWait = graphql(`
  query VoiceWait($partner: String!, $name: String!) {
    voice(partner: $partner, name: $name) {
      status {
        embedding
      }
      queue {
        reason
        position
      }
    }
  }
`);
