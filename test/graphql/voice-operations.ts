import { graphql } from '../gql';

/** The voice operations of the GraphQL tests, typed through test/gql by `npm run codegen`. */

export const VoiceFields = graphql(`
  fragment VoiceFields on Voice {
    id
    name
    deleted
    hasOriginal
    sampleCount
    status {
      splitting
      embedding
    }
    embedding {
      status
      error
    }
    samples {
      index
      sourceTimestamp
      duration
      url
    }
    embeddingInfo {
      ttsType
      lastUpdateStatus
      sampleScores {
        sampleIndex
        score
      }
    }
    preferredSampleIndex
    progress {
      stage
      done
      total
      percent
      updatedAt
    }
  }
`);

export const VoicesQuery = graphql(`
  query Voices($partner: String!) {
    voices(partner: $partner) {
      ...VoiceFields
    }
  }
`);

export const VoiceQuery = graphql(`
  query Voice($partner: String!, $name: String!) {
    voice(partner: $partner, name: $name) {
      ...VoiceFields
    }
  }
`);

export const CreateVoice = graphql(`
  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {
    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {
      ...VoiceFields
    }
  }
`);

export const CreateEmptyVoice = graphql(`
  mutation CreateEmptyVoice($partner: String!, $name: String!) {
    createEmptyVoice(partner: $partner, name: $name) {
      name
      status {
        splitting
      }
    }
  }
`);

export const UploadSample = graphql(`
  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {
    uploadVoiceSample(partner: $partner, name: $name, file: $file) {
      index
      duration
      sourceTimestamp
    }
  }
`);

export const SetPreferred = graphql(`
  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {
    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {
      preferredSampleIndex
    }
  }
`);

export const SplitVoice = graphql(`
  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {
    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {
      status {
        splitting
      }
    }
  }
`);

export const RenameVoice = graphql(`
  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {
    renameVoice(partner: $partner, name: $name, newName: $newName) {
      name
    }
  }
`);

export const DeleteVoice = graphql(`
  mutation DeleteVoice($partner: String!, $name: String!) {
    deleteVoice(partner: $partner, name: $name)
  }
`);

export const VoiceUpdated = graphql(`
  subscription VoiceUpdated($partner: String!, $name: String!) {
    voiceUpdated(partner: $partner, name: $name) {
      ...VoiceFields
    }
  }
`);

export const PreferredUpdated = graphql(`
  subscription PreferredUpdated($partner: String!, $name: String!) {
    voiceUpdated(partner: $partner, name: $name) {
      preferredSampleIndex
    }
  }
`);

export const VoicesUpdated = graphql(`
  subscription VoicesUpdated($partner: String!) {
    voicesUpdated(partner: $partner) {
      ...VoiceFields
    }
  }
`);
