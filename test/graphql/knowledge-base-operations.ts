import { graphql } from '../gql';

/** The knowledge-base operations of the GraphQL tests, typed through test/gql by `npm run codegen`. */

export const DocumentFields = graphql(`
  fragment DocumentFields on Document {
    id
    name
    folder
    type
    url
    fileOriginal
    fileDigitized
    fileRewrittenDraft
    fileRewritten
    originalFormat
    userEmail
    inQueues
    expertName
    autoRewrite
    modelTier
    useOriginalAsRewritten
    rewriteModel
    rewriteInputTokens
    rewriteOutputTokens
    rewriteCompletedAt
    processingError
    isEmbedded
    digitizedCharCount
    draftRewriteCharCount
    finalRewriteCharCount
    progress {
      stage
      done
      total
      percent
      updatedAt
    }
    deleted
  }
`);

export const KnowledgeBaseQuery = graphql(`
  query KnowledgeBase($partner: String!, $name: String!) {
    knowledgeBase(partner: $partner, name: $name) {
      name
      expertName
      documents {
        ...DocumentFields
      }
      folders {
        name
        documentCount
      }
      stats {
        documentCount
        digitizedCount
        draftRewriteCount
        finalRewriteCount
        totalDigitizedChars
        totalFinalRewriteChars
        errorCount
        embeddedCount
      }
      embeddingInfo {
        lastSuccessfulUpdateTime
        lastUpdateStatus
        embeddingStale
      }
      embeddingStatus {
        status
        splitLevel
        language
      }
    }
  }
`);

export const KnowledgeBasesQuery = graphql(`
  query KnowledgeBases($partner: String!) {
    knowledgeBases(partner: $partner) {
      name
      documents {
        id
      }
      stats {
        documentCount
      }
    }
  }
`);

export const DocumentQuery = graphql(`
  query Document($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!) {
    document(partner: $partner, kb: $kb, id: $id) {
      ...DocumentFields
      content(kind: $kind)
    }
  }
`);

export const CreateKnowledgeBase = graphql(`
  mutation CreateKnowledgeBase($partner: String!, $name: String!, $expertName: String, $userEmail: String) {
    createKnowledgeBase(partner: $partner, name: $name, expertName: $expertName, userEmail: $userEmail) {
      name
      expertName
      userEmail
      documents {
        id
      }
      embeddingInfo {
        embeddingStale
      }
    }
  }
`);

export const DeleteKnowledgeBase = graphql(`
  mutation DeleteKnowledgeBase($partner: String!, $name: String!) {
    deleteKnowledgeBase(partner: $partner, name: $name)
  }
`);

export const CreateFolder = graphql(`
  mutation CreateFolder($partner: String!, $kb: String!, $name: String!) {
    createFolder(partner: $partner, kb: $kb, name: $name) {
      name
      documentCount
    }
  }
`);

export const DeleteFolder = graphql(`
  mutation DeleteFolder($partner: String!, $kb: String!, $name: String!) {
    deleteFolder(partner: $partner, kb: $kb, name: $name)
  }
`);

export const CreateDocument = graphql(`
  mutation CreateDocument(
    $partner: String!
    $kb: String!
    $folder: String!
    $type: DocumentType
    $file: Upload
    $url: String
    $name: String
    $autoRewrite: Boolean
    $modelTier: ModelTier
  ) {
    createDocument(
      partner: $partner
      kb: $kb
      folder: $folder
      type: $type
      file: $file
      url: $url
      name: $name
      autoRewrite: $autoRewrite
      modelTier: $modelTier
    ) {
      ...DocumentFields
    }
  }
`);

export const CreateDocumentsBatch = graphql(`
  mutation CreateDocumentsBatch($partner: String!, $kb: String!, $folder: String!, $urls: [String!]!) {
    createDocumentsBatch(partner: $partner, kb: $kb, folder: $folder, urls: $urls) {
      summary {
        total
        succeeded
        failed
      }
      results {
        url
        status
        documentId
        error
      }
    }
  }
`);

export const CreateEmptyDocument = graphql(`
  mutation CreateEmptyDocument($partner: String!, $kb: String!, $name: String!, $folder: String!, $type: DocumentType!, $url: String) {
    createEmptyDocument(partner: $partner, kb: $kb, name: $name, folder: $folder, type: $type, url: $url) {
      ...DocumentFields
    }
  }
`);

export const RenameDocument = graphql(`
  mutation RenameDocument($partner: String!, $kb: String!, $id: ID!, $name: String!) {
    renameDocument(partner: $partner, kb: $kb, id: $id, name: $name) {
      name
    }
  }
`);

export const UpdateDocumentType = graphql(`
  mutation UpdateDocumentType($partner: String!, $kb: String!, $id: ID!, $type: DocumentType!, $url: String) {
    updateDocumentType(partner: $partner, kb: $kb, id: $id, type: $type, url: $url) {
      type
      url
    }
  }
`);

export const UpdateDocumentUrl = graphql(`
  mutation UpdateDocumentUrl($partner: String!, $kb: String!, $id: ID!, $url: String!) {
    updateDocumentUrl(partner: $partner, kb: $kb, id: $id, url: $url) {
      url
    }
  }
`);

export const DeleteDocument = graphql(`
  mutation DeleteDocument($partner: String!, $kb: String!, $id: ID!, $force: Boolean) {
    deleteDocument(partner: $partner, kb: $kb, id: $id, force: $force)
  }
`);

export const UpdateDocumentContent = graphql(`
  mutation UpdateDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $content: String!) {
    updateDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, content: $content) {
      digitizedCharCount
      finalRewriteCharCount
      fileDigitized
      fileRewritten
    }
  }
`);

export const UploadDocumentContent = graphql(`
  mutation UploadDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $file: Upload!) {
    uploadDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, file: $file) {
      finalRewriteCharCount
      fileRewritten
      content(kind: $kind)
    }
  }
`);

export const QueueProcessing = graphql(`
  mutation QueueProcessing($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction, $contentType: RewriteContentType, $personName: String) {
    queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action, contentType: $contentType, personName: $personName) {
      id
      inQueues
    }
  }
`);

export const BulkRewriteFolder = graphql(`
  mutation BulkRewriteFolder($partner: String!, $kb: String!, $folder: String!, $skipRewritten: Boolean) {
    bulkRewriteFolder(partner: $partner, kb: $kb, folder: $folder, skipRewritten: $skipRewritten) {
      queuedCount
      skippedCount
      queued
      skipped {
        documentId
        reason
      }
    }
  }
`);

export const BulkRewriteKnowledgeBase = graphql(`
  mutation BulkRewriteKnowledgeBase($partner: String!, $kb: String!, $contentType: RewriteContentType) {
    bulkRewriteKnowledgeBase(partner: $partner, kb: $kb, contentType: $contentType) {
      queuedCount
      skippedCount
    }
  }
`);

export const StartEmbedding = graphql(`
  mutation StartEmbedding($partner: String!, $kb: String!, $splitLevel: Int, $language: String) {
    startKnowledgeBaseEmbedding(partner: $partner, kb: $kb, splitLevel: $splitLevel, language: $language) {
      status
      splitLevel
      language
      externalJobId
    }
  }
`);

export const DocumentUpdated = graphql(`
  subscription DocumentUpdated($partner: String!, $kb: String!) {
    documentUpdated(partner: $partner, kb: $kb) {
      ...DocumentFields
    }
  }
`);

export const EmbeddingUpdated = graphql(`
  subscription EmbeddingUpdated($partner: String!, $kb: String!) {
    knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) {
      knowledgeBase
      status
      error
      lastUpdateStatus
      lastSuccessfulUpdateTime
      lastSuccessfulDetails {
        documents
        chunks
        model
        splitLevel
        language
      }
      embeddingStale
      progress {
        stage
        done
        total
        percent
        updatedAt
      }
      deleted
    }
  }
`);
