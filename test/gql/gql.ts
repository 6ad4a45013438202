/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query VoicesPage($partner: String!, $first: Int, $after: String, $last: Int, $before: String, $status: ProcessingStatus) {\n    voicesConnection(partner: $partner, first: $first, after: $after, last: $last, before: $before, status: $status) {\n      edges {\n        cursor\n        node {\n          name\n          status {\n            overall\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": typeof types.VoicesPageDocument,
    "\n  query VoicesList($partner: String!) {\n    voices(partner: $partner) {\n      name\n    }\n  }\n": typeof types.VoicesListDocument,
    "\n  query TranscriptsPage($first: Int, $after: String, $status: TranscriptStatus) {\n    transcriptsConnection(first: $first, after: $after, status: $status) {\n      edges {\n        node {\n          id\n          status\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.TranscriptsPageDocument,
    "\n  query DocumentsPage($partner: String!, $kb: String!, $first: Int, $after: String, $folder: String, $state: DocumentState) {\n    knowledgeBase(partner: $partner, name: $kb) {\n      documents {\n        name\n      }\n      documentsConnection(first: $first, after: $after, folder: $folder, state: $state) {\n        edges {\n          node {\n            name\n            folder\n            state\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.DocumentsPageDocument,
    "\n  fragment DocumentFields on Document {\n    id\n    name\n    folder\n    type\n    url\n    fileOriginal\n    fileDigitized\n    fileRewrittenDraft\n    fileRewritten\n    originalFormat\n    userEmail\n    inQueues\n    expertName\n    autoRewrite\n    modelTier\n    useOriginalAsRewritten\n    rewriteModel\n    rewriteInputTokens\n    rewriteOutputTokens\n    rewriteCompletedAt\n    processingError\n    isEmbedded\n    digitizedCharCount\n    draftRewriteCharCount\n    finalRewriteCharCount\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n    deleted\n  }\n": typeof types.DocumentFieldsFragmentDoc,
    "\n  query KnowledgeBase($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      name\n      expertName\n      documents {\n        ...DocumentFields\n      }\n      folders {\n        name\n        documentCount\n      }\n      stats {\n        documentCount\n        digitizedCount\n        draftRewriteCount\n        finalRewriteCount\n        totalDigitizedChars\n        totalFinalRewriteChars\n        errorCount\n        embeddedCount\n      }\n      embeddingInfo {\n        lastSuccessfulUpdateTime\n        lastUpdateStatus\n        embeddingStale\n      }\n      embeddingStatus {\n        status\n        splitLevel\n        language\n      }\n    }\n  }\n": typeof types.KnowledgeBaseDocument,
    "\n  query KnowledgeBases($partner: String!) {\n    knowledgeBases(partner: $partner) {\n      name\n      documents {\n        id\n      }\n      stats {\n        documentCount\n      }\n    }\n  }\n": typeof types.KnowledgeBasesDocument,
    "\n  query Document($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      ...DocumentFields\n      content(kind: $kind)\n    }\n  }\n": typeof types.DocumentDocument,
    "\n  mutation CreateKnowledgeBase($partner: String!, $name: String!, $expertName: String, $userEmail: String) {\n    createKnowledgeBase(partner: $partner, name: $name, expertName: $expertName, userEmail: $userEmail) {\n      name\n      expertName\n      userEmail\n      documents {\n        id\n      }\n      embeddingInfo {\n        embeddingStale\n      }\n    }\n  }\n": typeof types.CreateKnowledgeBaseDocument,
    "\n  mutation DeleteKnowledgeBase($partner: String!, $name: String!) {\n    deleteKnowledgeBase(partner: $partner, name: $name)\n  }\n": typeof types.DeleteKnowledgeBaseDocument,
    "\n  mutation CreateFolder($partner: String!, $kb: String!, $name: String!) {\n    createFolder(partner: $partner, kb: $kb, name: $name) {\n      name\n      documentCount\n    }\n  }\n": typeof types.CreateFolderDocument,
    "\n  mutation DeleteFolder($partner: String!, $kb: String!, $name: String!) {\n    deleteFolder(partner: $partner, kb: $kb, name: $name)\n  }\n": typeof types.DeleteFolderDocument,
    "\n  mutation CreateDocument(\n    $partner: String!\n    $kb: String!\n    $folder: String!\n    $type: DocumentType\n    $file: Upload\n    $url: String\n    $name: String\n    $autoRewrite: Boolean\n    $modelTier: ModelTier\n  ) {\n    createDocument(\n      partner: $partner\n      kb: $kb\n      folder: $folder\n      type: $type\n      file: $file\n      url: $url\n      name: $name\n      autoRewrite: $autoRewrite\n      modelTier: $modelTier\n    ) {\n      ...DocumentFields\n    }\n  }\n": typeof types.CreateDocumentDocument,
    "\n  mutation CreateDocumentsBatch($partner: String!, $kb: String!, $folder: String!, $urls: [String!]!) {\n    createDocumentsBatch(partner: $partner, kb: $kb, folder: $folder, urls: $urls) {\n      summary {\n        total\n        succeeded\n        failed\n      }\n      results {\n        url\n        status\n        documentId\n        error\n      }\n    }\n  }\n": typeof types.CreateDocumentsBatchDocument,
    "\n  mutation CreateEmptyDocument($partner: String!, $kb: String!, $name: String!, $folder: String!, $type: DocumentType!, $url: String) {\n    createEmptyDocument(partner: $partner, kb: $kb, name: $name, folder: $folder, type: $type, url: $url) {\n      ...DocumentFields\n    }\n  }\n": typeof types.CreateEmptyDocumentDocument,
    "\n  mutation RenameDocument($partner: String!, $kb: String!, $id: ID!, $name: String!) {\n    renameDocument(partner: $partner, kb: $kb, id: $id, name: $name) {\n      name\n    }\n  }\n": typeof types.RenameDocumentDocument,
    "\n  mutation UpdateDocumentType($partner: String!, $kb: String!, $id: ID!, $type: DocumentType!, $url: String) {\n    updateDocumentType(partner: $partner, kb: $kb, id: $id, type: $type, url: $url) {\n      type\n      url\n    }\n  }\n": typeof types.UpdateDocumentTypeDocument,
    "\n  mutation UpdateDocumentUrl($partner: String!, $kb: String!, $id: ID!, $url: String!) {\n    updateDocumentUrl(partner: $partner, kb: $kb, id: $id, url: $url) {\n      url\n    }\n  }\n": typeof types.UpdateDocumentUrlDocument,
    "\n  mutation DeleteDocument($partner: String!, $kb: String!, $id: ID!, $force: Boolean) {\n    deleteDocument(partner: $partner, kb: $kb, id: $id, force: $force)\n  }\n": typeof types.DeleteDocumentDocument,
    "\n  mutation UpdateDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $content: String!) {\n    updateDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, content: $content) {\n      digitizedCharCount\n      finalRewriteCharCount\n      fileDigitized\n      fileRewritten\n    }\n  }\n": typeof types.UpdateDocumentContentDocument,
    "\n  mutation UploadDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $file: Upload!) {\n    uploadDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, file: $file) {\n      finalRewriteCharCount\n      fileRewritten\n      content(kind: $kind)\n    }\n  }\n": typeof types.UploadDocumentContentDocument,
    "\n  mutation QueueProcessing($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction, $contentType: RewriteContentType, $personName: String) {\n    queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action, contentType: $contentType, personName: $personName) {\n      id\n      inQueues\n    }\n  }\n": typeof types.QueueProcessingDocument,
    "\n  mutation BulkRewriteFolder($partner: String!, $kb: String!, $folder: String!, $skipRewritten: Boolean) {\n    bulkRewriteFolder(partner: $partner, kb: $kb, folder: $folder, skipRewritten: $skipRewritten) {\n      queuedCount\n      skippedCount\n      queued\n      skipped {\n        documentId\n        reason\n      }\n    }\n  }\n": typeof types.BulkRewriteFolderDocument,
    "\n  mutation BulkRewriteKnowledgeBase($partner: String!, $kb: String!, $contentType: RewriteContentType) {\n    bulkRewriteKnowledgeBase(partner: $partner, kb: $kb, contentType: $contentType) {\n      queuedCount\n      skippedCount\n    }\n  }\n": typeof types.BulkRewriteKnowledgeBaseDocument,
    "\n  mutation StartEmbedding($partner: String!, $kb: String!, $splitLevel: Int, $language: String) {\n    startKnowledgeBaseEmbedding(partner: $partner, kb: $kb, splitLevel: $splitLevel, language: $language) {\n      status\n      splitLevel\n      language\n      externalJobId\n    }\n  }\n": typeof types.StartEmbeddingDocument,
    "\n  subscription DocumentUpdated($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      ...DocumentFields\n    }\n  }\n": typeof types.DocumentUpdatedDocument,
    "\n  subscription EmbeddingUpdated($partner: String!, $kb: String!) {\n    knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) {\n      knowledgeBase\n      status\n      error\n      lastUpdateStatus\n      lastSuccessfulUpdateTime\n      lastSuccessfulDetails {\n        documents\n        chunks\n        model\n        splitLevel\n        language\n      }\n      embeddingStale\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n      deleted\n    }\n  }\n": typeof types.EmbeddingUpdatedDocument,
    "\n  query Me {\n    me {\n      partners\n      admin\n    }\n  }\n": typeof types.MeDocument,
    "\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n  }\n": typeof types.VoiceFieldsFragmentDoc,
    "\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoicesDocument,
    "\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoiceDocument,
    "\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n": typeof types.CreateVoiceDocument,
    "\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n": typeof types.CreateEmptyVoiceDocument,
    "\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n": typeof types.UploadSampleDocument,
    "\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n": typeof types.SetPreferredDocument,
    "\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n": typeof types.SplitVoiceDocument,
    "\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n": typeof types.RenameVoiceDocument,
    "\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n": typeof types.DeleteVoiceDocument,
    "\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoiceUpdatedDocument,
    "\n  subscription PreferredUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      preferredSampleIndex\n    }\n  }\n": typeof types.PreferredUpdatedDocument,
    "\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoicesUpdatedDocument,
    "\n  query SearchKnowledgeBase($partner: String!, $kb: String!, $query: String!, $topK: Int, $mode: RetrievalMode) {\n    searchKnowledgeBase(partner: $partner, kb: $kb, query: $query, topK: $topK, mode: $mode) {\n      results {\n        documentId\n        documentName\n        folder\n        headingPath\n        text\n        score\n        charStart\n        charEnd\n        startMs\n        endMs\n      }\n      lastSuccessfulUpdateTime\n      embeddingStale\n    }\n  }\n": typeof types.SearchKnowledgeBaseDocument,
    "\n  query EmbeddingPreview($partner: String!, $kb: String!, $splitLevel: Int) {\n    embeddingPreview(partner: $partner, kb: $kb, splitLevel: $splitLevel) {\n      model\n      splitLevel\n      documentsAdded {\n        id\n        name\n      }\n      documentsChanged {\n        id\n        name\n      }\n      documentsRemoved {\n        id\n        name\n      }\n      documentsUnchanged\n      chunksTotal\n      chunksReused\n      chunksToEmbed\n      tokensEstimated\n    }\n  }\n": typeof types.EmbeddingPreviewDocument,
    "\n  query EmbeddingDetails($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      embeddingStatus {\n        lastSuccessfulDetails {\n          chunks\n          chunksTotal\n          chunksReused\n          chunksEmbedded\n          tokens\n        }\n      }\n    }\n  }\n": typeof types.EmbeddingDetailsDocument,
    "\n  subscription DocumentRewriteOutput($partner: String!, $kb: String!, $id: ID!, $after: Int) {\n    documentRewriteOutput(partner: $partner, kb: $kb, id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n": typeof types.DocumentRewriteOutputDocument,
    "\n  query DocumentForOutput($partner: String!, $kb: String!, $id: ID!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      id\n    }\n  }\n": typeof types.DocumentForOutputDocument,
    "\n  query VoiceSplittingFailure($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      splitting {\n        status\n        error\n      }\n    }\n  }\n": typeof types.VoiceSplittingFailureDocument,
    "\n  mutation CreateMediaDocument($partner: String!, $kb: String!, $folder: String!, $file: Upload) {\n    createDocument(partner: $partner, kb: $kb, folder: $folder, file: $file) {\n      id\n    }\n  }\n": typeof types.CreateMediaDocumentDocument,
    "\n  query Engines {\n    engines {\n      kind\n      status\n      model\n      host\n      variable\n      features\n    }\n  }\n": typeof types.EnginesDocument,
    "\n  query EngineLastCalls {\n    engines {\n      kind\n      lastCall {\n        at\n        ok\n        error\n      }\n    }\n  }\n": typeof types.EngineLastCallsDocument,
    "\n  query DocumentQueues($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      documents {\n        id\n        name\n        inQueues\n        progress {\n          stage\n        }\n        queue {\n          reason\n          position\n          estimatedStartAt\n        }\n      }\n    }\n  }\n": typeof types.DocumentQueuesDocument,
    "\n  subscription DocumentQueueUpdates($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      id\n      inQueues\n      queue {\n        reason\n        position\n      }\n    }\n  }\n": typeof types.DocumentQueueUpdatesDocument,
    "\n  query VoiceWait($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      status {\n        embedding\n      }\n      queue {\n        reason\n        position\n      }\n    }\n  }\n": typeof types.VoiceWaitDocument,
    "\n  query ContentTypes {\n    contentTypes\n  }\n": typeof types.ContentTypesDocument,
    "\n  mutation CreateVoiceFromFile($partner: String!, $name: String!, $file: Upload) {\n    createVoice(partner: $partner, name: $name, file: $file) {\n      name\n    }\n  }\n": typeof types.CreateVoiceFromFileDocument,
    "\n  mutation SubmitStreamedCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n    }\n  }\n": typeof types.SubmitStreamedCompletionDocument,
    "\n  subscription CompletionOutput($id: ID!, $after: Int) {\n    completionOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n": typeof types.CompletionOutputDocument,
    "\n  query CompletionPartialOutput($id: ID!) {\n    completion(id: $id) {\n      state\n      partialOutput\n      output\n    }\n  }\n": typeof types.CompletionPartialOutputDocument,
    "\n  query TranscriptWait($id: ID!) {\n    transcript(id: $id) {\n      status\n      error\n      text\n      queue {\n        reason\n        position\n        nextAttemptAt\n      }\n    }\n  }\n": typeof types.TranscriptWaitDocument,
    "\n  subscription TranscriptWatch($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n      }\n      queue {\n        reason\n        nextAttemptAt\n      }\n    }\n  }\n": typeof types.TranscriptWatchDocument,
    "\n  mutation SubmitTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n      boostedWords\n    }\n  }\n": typeof types.SubmitTranscriptDocument,
    "\n  subscription TranscriptUpdated($id: ID!) {\n    transcriptUpdated(id: $id) {\n      id\n      status\n      text\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n    }\n  }\n": typeof types.TranscriptUpdatedDocument,
    "\n  query Transcript($id: ID!) {\n    transcript(id: $id) {\n      id\n      status\n      text\n      audioDuration\n      error\n      languageCode\n      languageConfidence\n      boostedWords\n      words {\n        text\n        start\n        end\n        confidence\n      }\n    }\n  }\n": typeof types.TranscriptDocument,
    "\n  mutation SubmitCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n      state\n    }\n  }\n": typeof types.SubmitCompletionDocument,
    "\n  subscription CompletionUpdated($id: ID!) {\n    completionUpdated(id: $id) {\n      state\n      output\n    }\n  }\n": typeof types.CompletionUpdatedDocument,
    "\n  query Completion($id: ID!) {\n    completion(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.CompletionDocument,
    "\n  subscription TranscriptProgress($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n        done\n        total\n      }\n    }\n  }\n": typeof types.TranscriptProgressDocument,
    "\n  query TranscriptStructure($id: ID!, $chars: Int) {\n    transcript(id: $id) {\n      status\n      text\n      captions(format: VTT, charsPerCaption: $chars)\n      sentences {\n        text\n        start\n        end\n        words {\n          text\n          start\n        }\n      }\n      paragraphs {\n        text\n        start\n        end\n      }\n    }\n  }\n": typeof types.TranscriptStructureDocument,
    "\n  query RecentTranscripts($first: Int) {\n    recentTranscripts(first: $first) {\n      id\n      status\n    }\n  }\n": typeof types.RecentTranscriptsDocument,
    "\n  mutation SubmitRecentTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n    }\n  }\n": typeof types.SubmitRecentTranscriptDocument,
    "\n  subscription LiveUtterances($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      utterances {\n        speaker\n        start\n        end\n        text\n      }\n    }\n  }\n": typeof types.LiveUtterancesDocument,
    "\n  query SpeakerFields($id: ID!) {\n    transcript(id: $id) {\n      speakerLabels\n      speakersExpected\n      speakerVoices\n      utterances {\n        speaker\n        start\n        text\n      }\n      speakers {\n        label\n        speakingTime\n        voice {\n          name\n          partner\n        }\n      }\n      paragraphs {\n        speaker\n        text\n      }\n      captions(format: SRT, speakerLabels: true)\n    }\n  }\n": typeof types.SpeakerFieldsDocument,
    "\n  query TranscriptAudio($id: ID!) {\n    transcript(id: $id) {\n      status\n      audioUrl\n    }\n  }\n": typeof types.TranscriptAudioDocument,
    "\n  subscription TranscriptOutput($id: ID!, $after: Int) {\n    transcriptOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n": typeof types.TranscriptOutputDocument,
    "\n  query TranscriptPartialText($id: ID!) {\n    transcript(id: $id) {\n      status\n      text\n      partialText\n    }\n  }\n": typeof types.TranscriptPartialTextDocument,
    "\n  query VoiceSplit($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      name\n      splitMode\n      status {\n        splitting\n      }\n      splitting {\n        error\n      }\n      originalDuration\n      cleanSpeechSeconds\n      recommendedCleanSpeechSeconds\n      meetsCleanSpeechRecommendation\n      samples {\n        index\n        sourceTimestamp\n        sourceStart\n        duration\n        speechSeconds\n        quality {\n          score\n          reasons {\n            code\n            message\n            value\n            unit\n          }\n        }\n      }\n    }\n  }\n": typeof types.VoiceSplitDocument,
    "\n  mutation CreateCuratedVoice($partner: String!, $name: String!, $file: Upload, $splitMode: SplitMode) {\n    createVoice(partner: $partner, name: $name, file: $file, splitMode: $splitMode) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n": typeof types.CreateCuratedVoiceDocument,
    "\n  mutation SplitVoiceAgain($partner: String!, $name: String!, $sampleDuration: Int, $splitMode: SplitMode) {\n    splitVoice(partner: $partner, name: $name, sampleDuration: $sampleDuration, splitMode: $splitMode) {\n      status {\n        splitting\n      }\n    }\n  }\n": typeof types.SplitVoiceAgainDocument,
    "\n  subscription SplitProgress($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      status {\n        splitting\n      }\n      sampleCount\n      progress {\n        stage\n        done\n        total\n        percent\n      }\n    }\n  }\n": typeof types.SplitProgressDocument,
    "\n  query EmbeddingStale($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      embeddingInfo {\n        stale\n      }\n    }\n  }\n": typeof types.EmbeddingStaleDocument,
    "\n  mutation SubmitTranscriptWithWebhook($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.SubmitTranscriptWithWebhookDocument,
    "\n  mutation CreateWebhook($partner: String!, $url: String!, $events: [WebhookEvent!]!, $description: String) {\n    createWebhook(partner: $partner, url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        events\n        description\n        status\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  query Webhooks($partner: String!) {\n    webhooks(partner: $partner) {\n      id\n      url\n      events\n      status\n      disabledReason\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  query WebhookDeliveries($partner: String!, $id: ID!) {\n    webhookDeliveries(partner: $partner, id: $id) {\n      id\n      eventId\n      type\n      status\n      redelivery\n      attempts {\n        redelivery\n        attempt\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation RedeliverWebhook($partner: String!, $id: ID!, $deliveryId: ID!) {\n    redeliverWebhook(partner: $partner, id: $id, deliveryId: $deliveryId) {\n      id\n      status\n      redelivery\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  mutation DeleteWebhook($partner: String!, $id: ID!) {\n    deleteWebhook(partner: $partner, id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
};
const documents: Documents = {
    "\n  query VoicesPage($partner: String!, $first: Int, $after: String, $last: Int, $before: String, $status: ProcessingStatus) {\n    voicesConnection(partner: $partner, first: $first, after: $after, last: $last, before: $before, status: $status) {\n      edges {\n        cursor\n        node {\n          name\n          status {\n            overall\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": types.VoicesPageDocument,
    "\n  query VoicesList($partner: String!) {\n    voices(partner: $partner) {\n      name\n    }\n  }\n": types.VoicesListDocument,
    "\n  query TranscriptsPage($first: Int, $after: String, $status: TranscriptStatus) {\n    transcriptsConnection(first: $first, after: $after, status: $status) {\n      edges {\n        node {\n          id\n          status\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.TranscriptsPageDocument,
    "\n  query DocumentsPage($partner: String!, $kb: String!, $first: Int, $after: String, $folder: String, $state: DocumentState) {\n    knowledgeBase(partner: $partner, name: $kb) {\n      documents {\n        name\n      }\n      documentsConnection(first: $first, after: $after, folder: $folder, state: $state) {\n        edges {\n          node {\n            name\n            folder\n            state\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.DocumentsPageDocument,
    "\n  fragment DocumentFields on Document {\n    id\n    name\n    folder\n    type\n    url\n    fileOriginal\n    fileDigitized\n    fileRewrittenDraft\n    fileRewritten\n    originalFormat\n    userEmail\n    inQueues\n    expertName\n    autoRewrite\n    modelTier\n    useOriginalAsRewritten\n    rewriteModel\n    rewriteInputTokens\n    rewriteOutputTokens\n    rewriteCompletedAt\n    processingError\n    isEmbedded\n    digitizedCharCount\n    draftRewriteCharCount\n    finalRewriteCharCount\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n    deleted\n  }\n": types.DocumentFieldsFragmentDoc,
    "\n  query KnowledgeBase($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      name\n      expertName\n      documents {\n        ...DocumentFields\n      }\n      folders {\n        name\n        documentCount\n      }\n      stats {\n        documentCount\n        digitizedCount\n        draftRewriteCount\n        finalRewriteCount\n        totalDigitizedChars\n        totalFinalRewriteChars\n        errorCount\n        embeddedCount\n      }\n      embeddingInfo {\n        lastSuccessfulUpdateTime\n        lastUpdateStatus\n        embeddingStale\n      }\n      embeddingStatus {\n        status\n        splitLevel\n        language\n      }\n    }\n  }\n": types.KnowledgeBaseDocument,
    "\n  query KnowledgeBases($partner: String!) {\n    knowledgeBases(partner: $partner) {\n      name\n      documents {\n        id\n      }\n      stats {\n        documentCount\n      }\n    }\n  }\n": types.KnowledgeBasesDocument,
    "\n  query Document($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      ...DocumentFields\n      content(kind: $kind)\n    }\n  }\n": types.DocumentDocument,
    "\n  mutation CreateKnowledgeBase($partner: String!, $name: String!, $expertName: String, $userEmail: String) {\n    createKnowledgeBase(partner: $partner, name: $name, expertName: $expertName, userEmail: $userEmail) {\n      name\n      expertName\n      userEmail\n      documents {\n        id\n      }\n      embeddingInfo {\n        embeddingStale\n      }\n    }\n  }\n": types.CreateKnowledgeBaseDocument,
    "\n  mutation DeleteKnowledgeBase($partner: String!, $name: String!) {\n    deleteKnowledgeBase(partner: $partner, name: $name)\n  }\n": types.DeleteKnowledgeBaseDocument,
    "\n  mutation CreateFolder($partner: String!, $kb: String!, $name: String!) {\n    createFolder(partner: $partner, kb: $kb, name: $name) {\n      name\n      documentCount\n    }\n  }\n": types.CreateFolderDocument,
    "\n  mutation DeleteFolder($partner: String!, $kb: String!, $name: String!) {\n    deleteFolder(partner: $partner, kb: $kb, name: $name)\n  }\n": types.DeleteFolderDocument,
    "\n  mutation CreateDocument(\n    $partner: String!\n    $kb: String!\n    $folder: String!\n    $type: DocumentType\n    $file: Upload\n    $url: String\n    $name: String\n    $autoRewrite: Boolean\n    $modelTier: ModelTier\n  ) {\n    createDocument(\n      partner: $partner\n      kb: $kb\n      folder: $folder\n      type: $type\n      file: $file\n      url: $url\n      name: $name\n      autoRewrite: $autoRewrite\n      modelTier: $modelTier\n    ) {\n      ...DocumentFields\n    }\n  }\n": types.CreateDocumentDocument,
    "\n  mutation CreateDocumentsBatch($partner: String!, $kb: String!, $folder: String!, $urls: [String!]!) {\n    createDocumentsBatch(partner: $partner, kb: $kb, folder: $folder, urls: $urls) {\n      summary {\n        total\n        succeeded\n        failed\n      }\n      results {\n        url\n        status\n        documentId\n        error\n      }\n    }\n  }\n": types.CreateDocumentsBatchDocument,
    "\n  mutation CreateEmptyDocument($partner: String!, $kb: String!, $name: String!, $folder: String!, $type: DocumentType!, $url: String) {\n    createEmptyDocument(partner: $partner, kb: $kb, name: $name, folder: $folder, type: $type, url: $url) {\n      ...DocumentFields\n    }\n  }\n": types.CreateEmptyDocumentDocument,
    "\n  mutation RenameDocument($partner: String!, $kb: String!, $id: ID!, $name: String!) {\n    renameDocument(partner: $partner, kb: $kb, id: $id, name: $name) {\n      name\n    }\n  }\n": types.RenameDocumentDocument,
    "\n  mutation UpdateDocumentType($partner: String!, $kb: String!, $id: ID!, $type: DocumentType!, $url: String) {\n    updateDocumentType(partner: $partner, kb: $kb, id: $id, type: $type, url: $url) {\n      type\n      url\n    }\n  }\n": types.UpdateDocumentTypeDocument,
    "\n  mutation UpdateDocumentUrl($partner: String!, $kb: String!, $id: ID!, $url: String!) {\n    updateDocumentUrl(partner: $partner, kb: $kb, id: $id, url: $url) {\n      url\n    }\n  }\n": types.UpdateDocumentUrlDocument,
    "\n  mutation DeleteDocument($partner: String!, $kb: String!, $id: ID!, $force: Boolean) {\n    deleteDocument(partner: $partner, kb: $kb, id: $id, force: $force)\n  }\n": types.DeleteDocumentDocument,
    "\n  mutation UpdateDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $content: String!) {\n    updateDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, content: $content) {\n      digitizedCharCount\n      finalRewriteCharCount\n      fileDigitized\n      fileRewritten\n    }\n  }\n": types.UpdateDocumentContentDocument,
    "\n  mutation UploadDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $file: Upload!) {\n    uploadDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, file: $file) {\n      finalRewriteCharCount\n      fileRewritten\n      content(kind: $kind)\n    }\n  }\n": types.UploadDocumentContentDocument,
    "\n  mutation QueueProcessing($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction, $contentType: RewriteContentType, $personName: String) {\n    queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action, contentType: $contentType, personName: $personName) {\n      id\n      inQueues\n    }\n  }\n": types.QueueProcessingDocument,
    "\n  mutation BulkRewriteFolder($partner: String!, $kb: String!, $folder: String!, $skipRewritten: Boolean) {\n    bulkRewriteFolder(partner: $partner, kb: $kb, folder: $folder, skipRewritten: $skipRewritten) {\n      queuedCount\n      skippedCount\n      queued\n      skipped {\n        documentId\n        reason\n      }\n    }\n  }\n": types.BulkRewriteFolderDocument,
    "\n  mutation BulkRewriteKnowledgeBase($partner: String!, $kb: String!, $contentType: RewriteContentType) {\n    bulkRewriteKnowledgeBase(partner: $partner, kb: $kb, contentType: $contentType) {\n      queuedCount\n      skippedCount\n    }\n  }\n": types.BulkRewriteKnowledgeBaseDocument,
    "\n  mutation StartEmbedding($partner: String!, $kb: String!, $splitLevel: Int, $language: String) {\n    startKnowledgeBaseEmbedding(partner: $partner, kb: $kb, splitLevel: $splitLevel, language: $language) {\n      status\n      splitLevel\n      language\n      externalJobId\n    }\n  }\n": types.StartEmbeddingDocument,
    "\n  subscription DocumentUpdated($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      ...DocumentFields\n    }\n  }\n": types.DocumentUpdatedDocument,
    "\n  subscription EmbeddingUpdated($partner: String!, $kb: String!) {\n    knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) {\n      knowledgeBase\n      status\n      error\n      lastUpdateStatus\n      lastSuccessfulUpdateTime\n      lastSuccessfulDetails {\n        documents\n        chunks\n        model\n        splitLevel\n        language\n      }\n      embeddingStale\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n      deleted\n    }\n  }\n": types.EmbeddingUpdatedDocument,
    "\n  query Me {\n    me {\n      partners\n      admin\n    }\n  }\n": types.MeDocument,
    "\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n  }\n": types.VoiceFieldsFragmentDoc,
    "\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": types.VoicesDocument,
    "\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": types.VoiceDocument,
    "\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n": types.CreateVoiceDocument,
    "\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n": types.CreateEmptyVoiceDocument,
    "\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n": types.UploadSampleDocument,
    "\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n": types.SetPreferredDocument,
    "\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n": types.SplitVoiceDocument,
    "\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n": types.RenameVoiceDocument,
    "\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n": types.DeleteVoiceDocument,
    "\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": types.VoiceUpdatedDocument,
    "\n  subscription PreferredUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      preferredSampleIndex\n    }\n  }\n": types.PreferredUpdatedDocument,
    "\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": types.VoicesUpdatedDocument,
    "\n  query SearchKnowledgeBase($partner: String!, $kb: String!, $query: String!, $topK: Int, $mode: RetrievalMode) {\n    searchKnowledgeBase(partner: $partner, kb: $kb, query: $query, topK: $topK, mode: $mode) {\n      results {\n        documentId\n        documentName\n        folder\n        headingPath\n        text\n        score\n        charStart\n        charEnd\n        startMs\n        endMs\n      }\n      lastSuccessfulUpdateTime\n      embeddingStale\n    }\n  }\n": types.SearchKnowledgeBaseDocument,
    "\n  query EmbeddingPreview($partner: String!, $kb: String!, $splitLevel: Int) {\n    embeddingPreview(partner: $partner, kb: $kb, splitLevel: $splitLevel) {\n      model\n      splitLevel\n      documentsAdded {\n        id\n        name\n      }\n      documentsChanged {\n        id\n        name\n      }\n      documentsRemoved {\n        id\n        name\n      }\n      documentsUnchanged\n      chunksTotal\n      chunksReused\n      chunksToEmbed\n      tokensEstimated\n    }\n  }\n": types.EmbeddingPreviewDocument,
    "\n  query EmbeddingDetails($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      embeddingStatus {\n        lastSuccessfulDetails {\n          chunks\n          chunksTotal\n          chunksReused\n          chunksEmbedded\n          tokens\n        }\n      }\n    }\n  }\n": types.EmbeddingDetailsDocument,
    "\n  subscription DocumentRewriteOutput($partner: String!, $kb: String!, $id: ID!, $after: Int) {\n    documentRewriteOutput(partner: $partner, kb: $kb, id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n": types.DocumentRewriteOutputDocument,
    "\n  query DocumentForOutput($partner: String!, $kb: String!, $id: ID!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      id\n    }\n  }\n": types.DocumentForOutputDocument,
    "\n  query VoiceSplittingFailure($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      splitting {\n        status\n        error\n      }\n    }\n  }\n": types.VoiceSplittingFailureDocument,
    "\n  mutation CreateMediaDocument($partner: String!, $kb: String!, $folder: String!, $file: Upload) {\n    createDocument(partner: $partner, kb: $kb, folder: $folder, file: $file) {\n      id\n    }\n  }\n": types.CreateMediaDocumentDocument,
    "\n  query Engines {\n    engines {\n      kind\n      status\n      model\n      host\n      variable\n      features\n    }\n  }\n": types.EnginesDocument,
    "\n  query EngineLastCalls {\n    engines {\n      kind\n      lastCall {\n        at\n        ok\n        error\n      }\n    }\n  }\n": types.EngineLastCallsDocument,
    "\n  query DocumentQueues($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      documents {\n        id\n        name\n        inQueues\n        progress {\n          stage\n        }\n        queue {\n          reason\n          position\n          estimatedStartAt\n        }\n      }\n    }\n  }\n": types.DocumentQueuesDocument,
    "\n  subscription DocumentQueueUpdates($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      id\n      inQueues\n      queue {\n        reason\n        position\n      }\n    }\n  }\n": types.DocumentQueueUpdatesDocument,
    "\n  query VoiceWait($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      status {\n        embedding\n      }\n      queue {\n        reason\n        position\n      }\n    }\n  }\n": types.VoiceWaitDocument,
    "\n  query ContentTypes {\n    contentTypes\n  }\n": types.ContentTypesDocument,
    "\n  mutation CreateVoiceFromFile($partner: String!, $name: String!, $file: Upload) {\n    createVoice(partner: $partner, name: $name, file: $file) {\n      name\n    }\n  }\n": types.CreateVoiceFromFileDocument,
    "\n  mutation SubmitStreamedCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n    }\n  }\n": types.SubmitStreamedCompletionDocument,
    "\n  subscription CompletionOutput($id: ID!, $after: Int) {\n    completionOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n": types.CompletionOutputDocument,
    "\n  query CompletionPartialOutput($id: ID!) {\n    completion(id: $id) {\n      state\n      partialOutput\n      output\n    }\n  }\n": types.CompletionPartialOutputDocument,
    "\n  query TranscriptWait($id: ID!) {\n    transcript(id: $id) {\n      status\n      error\n      text\n      queue {\n        reason\n        position\n        nextAttemptAt\n      }\n    }\n  }\n": types.TranscriptWaitDocument,
    "\n  subscription TranscriptWatch($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n      }\n      queue {\n        reason\n        nextAttemptAt\n      }\n    }\n  }\n": types.TranscriptWatchDocument,
    "\n  mutation SubmitTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n      boostedWords\n    }\n  }\n": types.SubmitTranscriptDocument,
    "\n  subscription TranscriptUpdated($id: ID!) {\n    transcriptUpdated(id: $id) {\n      id\n      status\n      text\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n    }\n  }\n": types.TranscriptUpdatedDocument,
    "\n  query Transcript($id: ID!) {\n    transcript(id: $id) {\n      id\n      status\n      text\n      audioDuration\n      error\n      languageCode\n      languageConfidence\n      boostedWords\n      words {\n        text\n        start\n        end\n        confidence\n      }\n    }\n  }\n": types.TranscriptDocument,
    "\n  mutation SubmitCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n      state\n    }\n  }\n": types.SubmitCompletionDocument,
    "\n  subscription CompletionUpdated($id: ID!) {\n    completionUpdated(id: $id) {\n      state\n      output\n    }\n  }\n": types.CompletionUpdatedDocument,
    "\n  query Completion($id: ID!) {\n    completion(id: $id) {\n      id\n      state\n    }\n  }\n": types.CompletionDocument,
    "\n  subscription TranscriptProgress($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n        done\n        total\n      }\n    }\n  }\n": types.TranscriptProgressDocument,
    "\n  query TranscriptStructure($id: ID!, $chars: Int) {\n    transcript(id: $id) {\n      status\n      text\n      captions(format: VTT, charsPerCaption: $chars)\n      sentences {\n        text\n        start\n        end\n        words {\n          text\n          start\n        }\n      }\n      paragraphs {\n        text\n        start\n        end\n      }\n    }\n  }\n": types.TranscriptStructureDocument,
    "\n  query RecentTranscripts($first: Int) {\n    recentTranscripts(first: $first) {\n      id\n      status\n    }\n  }\n": types.RecentTranscriptsDocument,
    "\n  mutation SubmitRecentTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n    }\n  }\n": types.SubmitRecentTranscriptDocument,
    "\n  subscription LiveUtterances($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      utterances {\n        speaker\n        start\n        end\n        text\n      }\n    }\n  }\n": types.LiveUtterancesDocument,
    "\n  query SpeakerFields($id: ID!) {\n    transcript(id: $id) {\n      speakerLabels\n      speakersExpected\n      speakerVoices\n      utterances {\n        speaker\n        start\n        text\n      }\n      speakers {\n        label\n        speakingTime\n        voice {\n          name\n          partner\n        }\n      }\n      paragraphs {\n        speaker\n        text\n      }\n      captions(format: SRT, speakerLabels: true)\n    }\n  }\n": types.SpeakerFieldsDocument,
    "\n  query TranscriptAudio($id: ID!) {\n    transcript(id: $id) {\n      status\n      audioUrl\n    }\n  }\n": types.TranscriptAudioDocument,
    "\n  subscription TranscriptOutput($id: ID!, $after: Int) {\n    transcriptOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n": types.TranscriptOutputDocument,
    "\n  query TranscriptPartialText($id: ID!) {\n    transcript(id: $id) {\n      status\n      text\n      partialText\n    }\n  }\n": types.TranscriptPartialTextDocument,
    "\n  query VoiceSplit($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      name\n      splitMode\n      status {\n        splitting\n      }\n      splitting {\n        error\n      }\n      originalDuration\n      cleanSpeechSeconds\n      recommendedCleanSpeechSeconds\n      meetsCleanSpeechRecommendation\n      samples {\n        index\n        sourceTimestamp\n        sourceStart\n        duration\n        speechSeconds\n        quality {\n          score\n          reasons {\n            code\n            message\n            value\n            unit\n          }\n        }\n      }\n    }\n  }\n": types.VoiceSplitDocument,
    "\n  mutation CreateCuratedVoice($partner: String!, $name: String!, $file: Upload, $splitMode: SplitMode) {\n    createVoice(partner: $partner, name: $name, file: $file, splitMode: $splitMode) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n": types.CreateCuratedVoiceDocument,
    "\n  mutation SplitVoiceAgain($partner: String!, $name: String!, $sampleDuration: Int, $splitMode: SplitMode) {\n    splitVoice(partner: $partner, name: $name, sampleDuration: $sampleDuration, splitMode: $splitMode) {\n      status {\n        splitting\n      }\n    }\n  }\n": types.SplitVoiceAgainDocument,
    "\n  subscription SplitProgress($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      status {\n        splitting\n      }\n      sampleCount\n      progress {\n        stage\n        done\n        total\n        percent\n      }\n    }\n  }\n": types.SplitProgressDocument,
    "\n  query EmbeddingStale($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      embeddingInfo {\n        stale\n      }\n    }\n  }\n": types.EmbeddingStaleDocument,
    "\n  mutation SubmitTranscriptWithWebhook($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n    }\n  }\n": types.SubmitTranscriptWithWebhookDocument,
    "\n  mutation CreateWebhook($partner: String!, $url: String!, $events: [WebhookEvent!]!, $description: String) {\n    createWebhook(partner: $partner, url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        events\n        description\n        status\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  query Webhooks($partner: String!) {\n    webhooks(partner: $partner) {\n      id\n      url\n      events\n      status\n      disabledReason\n    }\n  }\n": types.WebhooksDocument,
    "\n  query WebhookDeliveries($partner: String!, $id: ID!) {\n    webhookDeliveries(partner: $partner, id: $id) {\n      id\n      eventId\n      type\n      status\n      redelivery\n      attempts {\n        redelivery\n        attempt\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation RedeliverWebhook($partner: String!, $id: ID!, $deliveryId: ID!) {\n    redeliverWebhook(partner: $partner, id: $id, deliveryId: $deliveryId) {\n      id\n      status\n      redelivery\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  mutation DeleteWebhook($partner: String!, $id: ID!) {\n    deleteWebhook(partner: $partner, id: $id)\n  }\n": types.DeleteWebhookDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VoicesPage($partner: String!, $first: Int, $after: String, $last: Int, $before: String, $status: ProcessingStatus) {\n    voicesConnection(partner: $partner, first: $first, after: $after, last: $last, before: $before, status: $status) {\n      edges {\n        cursor\n        node {\n          name\n          status {\n            overall\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query VoicesPage($partner: String!, $first: Int, $after: String, $last: Int, $before: String, $status: ProcessingStatus) {\n    voicesConnection(partner: $partner, first: $first, after: $after, last: $last, before: $before, status: $status) {\n      edges {\n        cursor\n        node {\n          name\n          status {\n            overall\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VoicesList($partner: String!) {\n    voices(partner: $partner) {\n      name\n    }\n  }\n"): (typeof documents)["\n  query VoicesList($partner: String!) {\n    voices(partner: $partner) {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TranscriptsPage($first: Int, $after: String, $status: TranscriptStatus) {\n    transcriptsConnection(first: $first, after: $after, status: $status) {\n      edges {\n        node {\n          id\n          status\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query TranscriptsPage($first: Int, $after: String, $status: TranscriptStatus) {\n    transcriptsConnection(first: $first, after: $after, status: $status) {\n      edges {\n        node {\n          id\n          status\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentsPage($partner: String!, $kb: String!, $first: Int, $after: String, $folder: String, $state: DocumentState) {\n    knowledgeBase(partner: $partner, name: $kb) {\n      documents {\n        name\n      }\n      documentsConnection(first: $first, after: $after, folder: $folder, state: $state) {\n        edges {\n          node {\n            name\n            folder\n            state\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocumentsPage($partner: String!, $kb: String!, $first: Int, $after: String, $folder: String, $state: DocumentState) {\n    knowledgeBase(partner: $partner, name: $kb) {\n      documents {\n        name\n      }\n      documentsConnection(first: $first, after: $after, folder: $folder, state: $state) {\n        edges {\n          node {\n            name\n            folder\n            state\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentFields on Document {\n    id\n    name\n    folder\n    type\n    url\n    fileOriginal\n    fileDigitized\n    fileRewrittenDraft\n    fileRewritten\n    originalFormat\n    userEmail\n    inQueues\n    expertName\n    autoRewrite\n    modelTier\n    useOriginalAsRewritten\n    rewriteModel\n    rewriteInputTokens\n    rewriteOutputTokens\n    rewriteCompletedAt\n    processingError\n    isEmbedded\n    digitizedCharCount\n    draftRewriteCharCount\n    finalRewriteCharCount\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n    deleted\n  }\n"): (typeof documents)["\n  fragment DocumentFields on Document {\n    id\n    name\n    folder\n    type\n    url\n    fileOriginal\n    fileDigitized\n    fileRewrittenDraft\n    fileRewritten\n    originalFormat\n    userEmail\n    inQueues\n    expertName\n    autoRewrite\n    modelTier\n    useOriginalAsRewritten\n    rewriteModel\n    rewriteInputTokens\n    rewriteOutputTokens\n    rewriteCompletedAt\n    processingError\n    isEmbedded\n    digitizedCharCount\n    draftRewriteCharCount\n    finalRewriteCharCount\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n    deleted\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KnowledgeBase($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      name\n      expertName\n      documents {\n        ...DocumentFields\n      }\n      folders {\n        name\n        documentCount\n      }\n      stats {\n        documentCount\n        digitizedCount\n        draftRewriteCount\n        finalRewriteCount\n        totalDigitizedChars\n        totalFinalRewriteChars\n        errorCount\n        embeddedCount\n      }\n      embeddingInfo {\n        lastSuccessfulUpdateTime\n        lastUpdateStatus\n        embeddingStale\n      }\n      embeddingStatus {\n        status\n        splitLevel\n        language\n      }\n    }\n  }\n"): (typeof documents)["\n  query KnowledgeBase($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      name\n      expertName\n      documents {\n        ...DocumentFields\n      }\n      folders {\n        name\n        documentCount\n      }\n      stats {\n        documentCount\n        digitizedCount\n        draftRewriteCount\n        finalRewriteCount\n        totalDigitizedChars\n        totalFinalRewriteChars\n        errorCount\n        embeddedCount\n      }\n      embeddingInfo {\n        lastSuccessfulUpdateTime\n        lastUpdateStatus\n        embeddingStale\n      }\n      embeddingStatus {\n        status\n        splitLevel\n        language\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KnowledgeBases($partner: String!) {\n    knowledgeBases(partner: $partner) {\n      name\n      documents {\n        id\n      }\n      stats {\n        documentCount\n      }\n    }\n  }\n"): (typeof documents)["\n  query KnowledgeBases($partner: String!) {\n    knowledgeBases(partner: $partner) {\n      name\n      documents {\n        id\n      }\n      stats {\n        documentCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Document($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      ...DocumentFields\n      content(kind: $kind)\n    }\n  }\n"): (typeof documents)["\n  query Document($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      ...DocumentFields\n      content(kind: $kind)\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateKnowledgeBase($partner: String!, $name: String!, $expertName: String, $userEmail: String) {\n    createKnowledgeBase(partner: $partner, name: $name, expertName: $expertName, userEmail: $userEmail) {\n      name\n      expertName\n      userEmail\n      documents {\n        id\n      }\n      embeddingInfo {\n        embeddingStale\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateKnowledgeBase($partner: String!, $name: String!, $expertName: String, $userEmail: String) {\n    createKnowledgeBase(partner: $partner, name: $name, expertName: $expertName, userEmail: $userEmail) {\n      name\n      expertName\n      userEmail\n      documents {\n        id\n      }\n      embeddingInfo {\n        embeddingStale\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteKnowledgeBase($partner: String!, $name: String!) {\n    deleteKnowledgeBase(partner: $partner, name: $name)\n  }\n"): (typeof documents)["\n  mutation DeleteKnowledgeBase($partner: String!, $name: String!) {\n    deleteKnowledgeBase(partner: $partner, name: $name)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFolder($partner: String!, $kb: String!, $name: String!) {\n    createFolder(partner: $partner, kb: $kb, name: $name) {\n      name\n      documentCount\n    }\n  }\n"): (typeof documents)["\n  mutation CreateFolder($partner: String!, $kb: String!, $name: String!) {\n    createFolder(partner: $partner, kb: $kb, name: $name) {\n      name\n      documentCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteFolder($partner: String!, $kb: String!, $name: String!) {\n    deleteFolder(partner: $partner, kb: $kb, name: $name)\n  }\n"): (typeof documents)["\n  mutation DeleteFolder($partner: String!, $kb: String!, $name: String!) {\n    deleteFolder(partner: $partner, kb: $kb, name: $name)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDocument(\n    $partner: String!\n    $kb: String!\n    $folder: String!\n    $type: DocumentType\n    $file: Upload\n    $url: String\n    $name: String\n    $autoRewrite: Boolean\n    $modelTier: ModelTier\n  ) {\n    createDocument(\n      partner: $partner\n      kb: $kb\n      folder: $folder\n      type: $type\n      file: $file\n      url: $url\n      name: $name\n      autoRewrite: $autoRewrite\n      modelTier: $modelTier\n    ) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDocument(\n    $partner: String!\n    $kb: String!\n    $folder: String!\n    $type: DocumentType\n    $file: Upload\n    $url: String\n    $name: String\n    $autoRewrite: Boolean\n    $modelTier: ModelTier\n  ) {\n    createDocument(\n      partner: $partner\n      kb: $kb\n      folder: $folder\n      type: $type\n      file: $file\n      url: $url\n      name: $name\n      autoRewrite: $autoRewrite\n      modelTier: $modelTier\n    ) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDocumentsBatch($partner: String!, $kb: String!, $folder: String!, $urls: [String!]!) {\n    createDocumentsBatch(partner: $partner, kb: $kb, folder: $folder, urls: $urls) {\n      summary {\n        total\n        succeeded\n        failed\n      }\n      results {\n        url\n        status\n        documentId\n        error\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDocumentsBatch($partner: String!, $kb: String!, $folder: String!, $urls: [String!]!) {\n    createDocumentsBatch(partner: $partner, kb: $kb, folder: $folder, urls: $urls) {\n      summary {\n        total\n        succeeded\n        failed\n      }\n      results {\n        url\n        status\n        documentId\n        error\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEmptyDocument($partner: String!, $kb: String!, $name: String!, $folder: String!, $type: DocumentType!, $url: String) {\n    createEmptyDocument(partner: $partner, kb: $kb, name: $name, folder: $folder, type: $type, url: $url) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateEmptyDocument($partner: String!, $kb: String!, $name: String!, $folder: String!, $type: DocumentType!, $url: String) {\n    createEmptyDocument(partner: $partner, kb: $kb, name: $name, folder: $folder, type: $type, url: $url) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameDocument($partner: String!, $kb: String!, $id: ID!, $name: String!) {\n    renameDocument(partner: $partner, kb: $kb, id: $id, name: $name) {\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RenameDocument($partner: String!, $kb: String!, $id: ID!, $name: String!) {\n    renameDocument(partner: $partner, kb: $kb, id: $id, name: $name) {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDocumentType($partner: String!, $kb: String!, $id: ID!, $type: DocumentType!, $url: String) {\n    updateDocumentType(partner: $partner, kb: $kb, id: $id, type: $type, url: $url) {\n      type\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDocumentType($partner: String!, $kb: String!, $id: ID!, $type: DocumentType!, $url: String) {\n    updateDocumentType(partner: $partner, kb: $kb, id: $id, type: $type, url: $url) {\n      type\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDocumentUrl($partner: String!, $kb: String!, $id: ID!, $url: String!) {\n    updateDocumentUrl(partner: $partner, kb: $kb, id: $id, url: $url) {\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDocumentUrl($partner: String!, $kb: String!, $id: ID!, $url: String!) {\n    updateDocumentUrl(partner: $partner, kb: $kb, id: $id, url: $url) {\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDocument($partner: String!, $kb: String!, $id: ID!, $force: Boolean) {\n    deleteDocument(partner: $partner, kb: $kb, id: $id, force: $force)\n  }\n"): (typeof documents)["\n  mutation DeleteDocument($partner: String!, $kb: String!, $id: ID!, $force: Boolean) {\n    deleteDocument(partner: $partner, kb: $kb, id: $id, force: $force)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $content: String!) {\n    updateDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, content: $content) {\n      digitizedCharCount\n      finalRewriteCharCount\n      fileDigitized\n      fileRewritten\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $content: String!) {\n    updateDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, content: $content) {\n      digitizedCharCount\n      finalRewriteCharCount\n      fileDigitized\n      fileRewritten\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $file: Upload!) {\n    uploadDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, file: $file) {\n      finalRewriteCharCount\n      fileRewritten\n      content(kind: $kind)\n    }\n  }\n"): (typeof documents)["\n  mutation UploadDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $file: Upload!) {\n    uploadDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, file: $file) {\n      finalRewriteCharCount\n      fileRewritten\n      content(kind: $kind)\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QueueProcessing($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction, $contentType: RewriteContentType, $personName: String) {\n    queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action, contentType: $contentType, personName: $personName) {\n      id\n      inQueues\n    }\n  }\n"): (typeof documents)["\n  mutation QueueProcessing($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction, $contentType: RewriteContentType, $personName: String) {\n    queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action, contentType: $contentType, personName: $personName) {\n      id\n      inQueues\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkRewriteFolder($partner: String!, $kb: String!, $folder: String!, $skipRewritten: Boolean) {\n    bulkRewriteFolder(partner: $partner, kb: $kb, folder: $folder, skipRewritten: $skipRewritten) {\n      queuedCount\n      skippedCount\n      queued\n      skipped {\n        documentId\n        reason\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation BulkRewriteFolder($partner: String!, $kb: String!, $folder: String!, $skipRewritten: Boolean) {\n    bulkRewriteFolder(partner: $partner, kb: $kb, folder: $folder, skipRewritten: $skipRewritten) {\n      queuedCount\n      skippedCount\n      queued\n      skipped {\n        documentId\n        reason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BulkRewriteKnowledgeBase($partner: String!, $kb: String!, $contentType: RewriteContentType) {\n    bulkRewriteKnowledgeBase(partner: $partner, kb: $kb, contentType: $contentType) {\n      queuedCount\n      skippedCount\n    }\n  }\n"): (typeof documents)["\n  mutation BulkRewriteKnowledgeBase($partner: String!, $kb: String!, $contentType: RewriteContentType) {\n    bulkRewriteKnowledgeBase(partner: $partner, kb: $kb, contentType: $contentType) {\n      queuedCount\n      skippedCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartEmbedding($partner: String!, $kb: String!, $splitLevel: Int, $language: String) {\n    startKnowledgeBaseEmbedding(partner: $partner, kb: $kb, splitLevel: $splitLevel, language: $language) {\n      status\n      splitLevel\n      language\n      externalJobId\n    }\n  }\n"): (typeof documents)["\n  mutation StartEmbedding($partner: String!, $kb: String!, $splitLevel: Int, $language: String) {\n    startKnowledgeBaseEmbedding(partner: $partner, kb: $kb, splitLevel: $splitLevel, language: $language) {\n      status\n      splitLevel\n      language\n      externalJobId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DocumentUpdated($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  subscription DocumentUpdated($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription EmbeddingUpdated($partner: String!, $kb: String!) {\n    knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) {\n      knowledgeBase\n      status\n      error\n      lastUpdateStatus\n      lastSuccessfulUpdateTime\n      lastSuccessfulDetails {\n        documents\n        chunks\n        model\n        splitLevel\n        language\n      }\n      embeddingStale\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n      deleted\n    }\n  }\n"): (typeof documents)["\n  subscription EmbeddingUpdated($partner: String!, $kb: String!) {\n    knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) {\n      knowledgeBase\n      status\n      error\n      lastUpdateStatus\n      lastSuccessfulUpdateTime\n      lastSuccessfulDetails {\n        documents\n        chunks\n        model\n        splitLevel\n        language\n      }\n      embeddingStale\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n      deleted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      partners\n      admin\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      partners\n      admin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n    progress {\n      stage\n      done\n      total\n      percent\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n"): (typeof documents)["\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n"): (typeof documents)["\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n"): (typeof documents)["\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PreferredUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      preferredSampleIndex\n    }\n  }\n"): (typeof documents)["\n  subscription PreferredUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      preferredSampleIndex\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchKnowledgeBase($partner: String!, $kb: String!, $query: String!, $topK: Int, $mode: RetrievalMode) {\n    searchKnowledgeBase(partner: $partner, kb: $kb, query: $query, topK: $topK, mode: $mode) {\n      results {\n        documentId\n        documentName\n        folder\n        headingPath\n        text\n        score\n        charStart\n        charEnd\n        startMs\n        endMs\n      }\n      lastSuccessfulUpdateTime\n      embeddingStale\n    }\n  }\n"): (typeof documents)["\n  query SearchKnowledgeBase($partner: String!, $kb: String!, $query: String!, $topK: Int, $mode: RetrievalMode) {\n    searchKnowledgeBase(partner: $partner, kb: $kb, query: $query, topK: $topK, mode: $mode) {\n      results {\n        documentId\n        documentName\n        folder\n        headingPath\n        text\n        score\n        charStart\n        charEnd\n        startMs\n        endMs\n      }\n      lastSuccessfulUpdateTime\n      embeddingStale\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmbeddingPreview($partner: String!, $kb: String!, $splitLevel: Int) {\n    embeddingPreview(partner: $partner, kb: $kb, splitLevel: $splitLevel) {\n      model\n      splitLevel\n      documentsAdded {\n        id\n        name\n      }\n      documentsChanged {\n        id\n        name\n      }\n      documentsRemoved {\n        id\n        name\n      }\n      documentsUnchanged\n      chunksTotal\n      chunksReused\n      chunksToEmbed\n      tokensEstimated\n    }\n  }\n"): (typeof documents)["\n  query EmbeddingPreview($partner: String!, $kb: String!, $splitLevel: Int) {\n    embeddingPreview(partner: $partner, kb: $kb, splitLevel: $splitLevel) {\n      model\n      splitLevel\n      documentsAdded {\n        id\n        name\n      }\n      documentsChanged {\n        id\n        name\n      }\n      documentsRemoved {\n        id\n        name\n      }\n      documentsUnchanged\n      chunksTotal\n      chunksReused\n      chunksToEmbed\n      tokensEstimated\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmbeddingDetails($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      embeddingStatus {\n        lastSuccessfulDetails {\n          chunks\n          chunksTotal\n          chunksReused\n          chunksEmbedded\n          tokens\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query EmbeddingDetails($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      embeddingStatus {\n        lastSuccessfulDetails {\n          chunks\n          chunksTotal\n          chunksReused\n          chunksEmbedded\n          tokens\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DocumentRewriteOutput($partner: String!, $kb: String!, $id: ID!, $after: Int) {\n    documentRewriteOutput(partner: $partner, kb: $kb, id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n"): (typeof documents)["\n  subscription DocumentRewriteOutput($partner: String!, $kb: String!, $id: ID!, $after: Int) {\n    documentRewriteOutput(partner: $partner, kb: $kb, id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentForOutput($partner: String!, $kb: String!, $id: ID!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  query DocumentForOutput($partner: String!, $kb: String!, $id: ID!) {\n    document(partner: $partner, kb: $kb, id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VoiceSplittingFailure($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      splitting {\n        status\n        error\n      }\n    }\n  }\n"): (typeof documents)["\n  query VoiceSplittingFailure($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      splitting {\n        status\n        error\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMediaDocument($partner: String!, $kb: String!, $folder: String!, $file: Upload) {\n    createDocument(partner: $partner, kb: $kb, folder: $folder, file: $file) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateMediaDocument($partner: String!, $kb: String!, $folder: String!, $file: Upload) {\n    createDocument(partner: $partner, kb: $kb, folder: $folder, file: $file) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Engines {\n    engines {\n      kind\n      status\n      model\n      host\n      variable\n      features\n    }\n  }\n"): (typeof documents)["\n  query Engines {\n    engines {\n      kind\n      status\n      model\n      host\n      variable\n      features\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EngineLastCalls {\n    engines {\n      kind\n      lastCall {\n        at\n        ok\n        error\n      }\n    }\n  }\n"): (typeof documents)["\n  query EngineLastCalls {\n    engines {\n      kind\n      lastCall {\n        at\n        ok\n        error\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentQueues($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      documents {\n        id\n        name\n        inQueues\n        progress {\n          stage\n        }\n        queue {\n          reason\n          position\n          estimatedStartAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocumentQueues($partner: String!, $name: String!) {\n    knowledgeBase(partner: $partner, name: $name) {\n      documents {\n        id\n        name\n        inQueues\n        progress {\n          stage\n        }\n        queue {\n          reason\n          position\n          estimatedStartAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DocumentQueueUpdates($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      id\n      inQueues\n      queue {\n        reason\n        position\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription DocumentQueueUpdates($partner: String!, $kb: String!) {\n    documentUpdated(partner: $partner, kb: $kb) {\n      id\n      inQueues\n      queue {\n        reason\n        position\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VoiceWait($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      status {\n        embedding\n      }\n      queue {\n        reason\n        position\n      }\n    }\n  }\n"): (typeof documents)["\n  query VoiceWait($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      status {\n        embedding\n      }\n      queue {\n        reason\n        position\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContentTypes {\n    contentTypes\n  }\n"): (typeof documents)["\n  query ContentTypes {\n    contentTypes\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVoiceFromFile($partner: String!, $name: String!, $file: Upload) {\n    createVoice(partner: $partner, name: $name, file: $file) {\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateVoiceFromFile($partner: String!, $name: String!, $file: Upload) {\n    createVoice(partner: $partner, name: $name, file: $file) {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitStreamedCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitStreamedCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CompletionOutput($id: ID!, $after: Int) {\n    completionOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n"): (typeof documents)["\n  subscription CompletionOutput($id: ID!, $after: Int) {\n    completionOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompletionPartialOutput($id: ID!) {\n    completion(id: $id) {\n      state\n      partialOutput\n      output\n    }\n  }\n"): (typeof documents)["\n  query CompletionPartialOutput($id: ID!) {\n    completion(id: $id) {\n      state\n      partialOutput\n      output\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TranscriptWait($id: ID!) {\n    transcript(id: $id) {\n      status\n      error\n      text\n      queue {\n        reason\n        position\n        nextAttemptAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query TranscriptWait($id: ID!) {\n    transcript(id: $id) {\n      status\n      error\n      text\n      queue {\n        reason\n        position\n        nextAttemptAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TranscriptWatch($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n      }\n      queue {\n        reason\n        nextAttemptAt\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TranscriptWatch($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n      }\n      queue {\n        reason\n        nextAttemptAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n      boostedWords\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n      boostedWords\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TranscriptUpdated($id: ID!) {\n    transcriptUpdated(id: $id) {\n      id\n      status\n      text\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TranscriptUpdated($id: ID!) {\n    transcriptUpdated(id: $id) {\n      id\n      status\n      text\n      progress {\n        stage\n        done\n        total\n        percent\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Transcript($id: ID!) {\n    transcript(id: $id) {\n      id\n      status\n      text\n      audioDuration\n      error\n      languageCode\n      languageConfidence\n      boostedWords\n      words {\n        text\n        start\n        end\n        confidence\n      }\n    }\n  }\n"): (typeof documents)["\n  query Transcript($id: ID!) {\n    transcript(id: $id) {\n      id\n      status\n      text\n      audioDuration\n      error\n      languageCode\n      languageConfidence\n      boostedWords\n      words {\n        text\n        start\n        end\n        confidence\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n      state\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitCompletion($input: SubmitCompletionInput!) {\n    submitCompletion(input: $input) {\n      id\n      state\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CompletionUpdated($id: ID!) {\n    completionUpdated(id: $id) {\n      state\n      output\n    }\n  }\n"): (typeof documents)["\n  subscription CompletionUpdated($id: ID!) {\n    completionUpdated(id: $id) {\n      state\n      output\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Completion($id: ID!) {\n    completion(id: $id) {\n      id\n      state\n    }\n  }\n"): (typeof documents)["\n  query Completion($id: ID!) {\n    completion(id: $id) {\n      id\n      state\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TranscriptProgress($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n        done\n        total\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TranscriptProgress($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      progress {\n        stage\n        done\n        total\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TranscriptStructure($id: ID!, $chars: Int) {\n    transcript(id: $id) {\n      status\n      text\n      captions(format: VTT, charsPerCaption: $chars)\n      sentences {\n        text\n        start\n        end\n        words {\n          text\n          start\n        }\n      }\n      paragraphs {\n        text\n        start\n        end\n      }\n    }\n  }\n"): (typeof documents)["\n  query TranscriptStructure($id: ID!, $chars: Int) {\n    transcript(id: $id) {\n      status\n      text\n      captions(format: VTT, charsPerCaption: $chars)\n      sentences {\n        text\n        start\n        end\n        words {\n          text\n          start\n        }\n      }\n      paragraphs {\n        text\n        start\n        end\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecentTranscripts($first: Int) {\n    recentTranscripts(first: $first) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  query RecentTranscripts($first: Int) {\n    recentTranscripts(first: $first) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitRecentTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitRecentTranscript($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LiveUtterances($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      utterances {\n        speaker\n        start\n        end\n        text\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription LiveUtterances($id: ID!) {\n    transcriptUpdated(id: $id) {\n      status\n      utterances {\n        speaker\n        start\n        end\n        text\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpeakerFields($id: ID!) {\n    transcript(id: $id) {\n      speakerLabels\n      speakersExpected\n      speakerVoices\n      utterances {\n        speaker\n        start\n        text\n      }\n      speakers {\n        label\n        speakingTime\n        voice {\n          name\n          partner\n        }\n      }\n      paragraphs {\n        speaker\n        text\n      }\n      captions(format: SRT, speakerLabels: true)\n    }\n  }\n"): (typeof documents)["\n  query SpeakerFields($id: ID!) {\n    transcript(id: $id) {\n      speakerLabels\n      speakersExpected\n      speakerVoices\n      utterances {\n        speaker\n        start\n        text\n      }\n      speakers {\n        label\n        speakingTime\n        voice {\n          name\n          partner\n        }\n      }\n      paragraphs {\n        speaker\n        text\n      }\n      captions(format: SRT, speakerLabels: true)\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TranscriptAudio($id: ID!) {\n    transcript(id: $id) {\n      status\n      audioUrl\n    }\n  }\n"): (typeof documents)["\n  query TranscriptAudio($id: ID!) {\n    transcript(id: $id) {\n      status\n      audioUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TranscriptOutput($id: ID!, $after: Int) {\n    transcriptOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n"): (typeof documents)["\n  subscription TranscriptOutput($id: ID!, $after: Int) {\n    transcriptOutput(id: $id, after: $after) {\n      seq\n      text\n      reset\n      done\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TranscriptPartialText($id: ID!) {\n    transcript(id: $id) {\n      status\n      text\n      partialText\n    }\n  }\n"): (typeof documents)["\n  query TranscriptPartialText($id: ID!) {\n    transcript(id: $id) {\n      status\n      text\n      partialText\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VoiceSplit($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      name\n      splitMode\n      status {\n        splitting\n      }\n      splitting {\n        error\n      }\n      originalDuration\n      cleanSpeechSeconds\n      recommendedCleanSpeechSeconds\n      meetsCleanSpeechRecommendation\n      samples {\n        index\n        sourceTimestamp\n        sourceStart\n        duration\n        speechSeconds\n        quality {\n          score\n          reasons {\n            code\n            message\n            value\n            unit\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query VoiceSplit($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      name\n      splitMode\n      status {\n        splitting\n      }\n      splitting {\n        error\n      }\n      originalDuration\n      cleanSpeechSeconds\n      recommendedCleanSpeechSeconds\n      meetsCleanSpeechRecommendation\n      samples {\n        index\n        sourceTimestamp\n        sourceStart\n        duration\n        speechSeconds\n        quality {\n          score\n          reasons {\n            code\n            message\n            value\n            unit\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCuratedVoice($partner: String!, $name: String!, $file: Upload, $splitMode: SplitMode) {\n    createVoice(partner: $partner, name: $name, file: $file, splitMode: $splitMode) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCuratedVoice($partner: String!, $name: String!, $file: Upload, $splitMode: SplitMode) {\n    createVoice(partner: $partner, name: $name, file: $file, splitMode: $splitMode) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SplitVoiceAgain($partner: String!, $name: String!, $sampleDuration: Int, $splitMode: SplitMode) {\n    splitVoice(partner: $partner, name: $name, sampleDuration: $sampleDuration, splitMode: $splitMode) {\n      status {\n        splitting\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SplitVoiceAgain($partner: String!, $name: String!, $sampleDuration: Int, $splitMode: SplitMode) {\n    splitVoice(partner: $partner, name: $name, sampleDuration: $sampleDuration, splitMode: $splitMode) {\n      status {\n        splitting\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SplitProgress($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      status {\n        splitting\n      }\n      sampleCount\n      progress {\n        stage\n        done\n        total\n        percent\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription SplitProgress($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      status {\n        splitting\n      }\n      sampleCount\n      progress {\n        stage\n        done\n        total\n        percent\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmbeddingStale($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      embeddingInfo {\n        stale\n      }\n    }\n  }\n"): (typeof documents)["\n  query EmbeddingStale($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      embeddingInfo {\n        stale\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitTranscriptWithWebhook($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitTranscriptWithWebhook($input: SubmitTranscriptInput!) {\n    submitTranscript(input: $input) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($partner: String!, $url: String!, $events: [WebhookEvent!]!, $description: String) {\n    createWebhook(partner: $partner, url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        events\n        description\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($partner: String!, $url: String!, $events: [WebhookEvent!]!, $description: String) {\n    createWebhook(partner: $partner, url: $url, events: $events, description: $description) {\n      secret\n      endpoint {\n        id\n        url\n        events\n        description\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks($partner: String!) {\n    webhooks(partner: $partner) {\n      id\n      url\n      events\n      status\n      disabledReason\n    }\n  }\n"): (typeof documents)["\n  query Webhooks($partner: String!) {\n    webhooks(partner: $partner) {\n      id\n      url\n      events\n      status\n      disabledReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($partner: String!, $id: ID!) {\n    webhookDeliveries(partner: $partner, id: $id) {\n      id\n      eventId\n      type\n      status\n      redelivery\n      attempts {\n        redelivery\n        attempt\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($partner: String!, $id: ID!) {\n    webhookDeliveries(partner: $partner, id: $id) {\n      id\n      eventId\n      type\n      status\n      redelivery\n      attempts {\n        redelivery\n        attempt\n        statusCode\n        latencyMs\n        error\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($partner: String!, $id: ID!, $deliveryId: ID!) {\n    redeliverWebhook(partner: $partner, id: $id, deliveryId: $deliveryId) {\n      id\n      status\n      redelivery\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverWebhook($partner: String!, $id: ID!, $deliveryId: ID!) {\n    redeliverWebhook(partner: $partner, id: $id, deliveryId: $deliveryId) {\n      id\n      status\n      redelivery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($partner: String!, $id: ID!) {\n    deleteWebhook(partner: $partner, id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($partner: String!, $id: ID!) {\n    deleteWebhook(partner: $partner, id: $id)\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;